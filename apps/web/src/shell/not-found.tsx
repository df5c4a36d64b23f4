import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from './document-title';
import { homePath } from './hosts';

/** Unknown paths behind the login: say so and offer the way home. */
export function NotFound() {
  const navigate = useNavigate();
  useDocumentTitle('Not Found');
  return (
    <Result
      status="warning"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>Page not found</h1>}
      subTitle="There is no screen at this address."
      extra={
        <Button type="primary" onClick={() => navigate(homePath(), { state: { home: true } })}>
          Home
        </Button>
      }
    />
  );
}
