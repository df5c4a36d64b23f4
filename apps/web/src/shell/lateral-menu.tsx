import { MessageOutlined, SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useShell } from './shell-context';

/** Lateral menu with Search and Messages (spec 1 §1); on narrow screens these live in the top bar menu. */
export function LateralMenu() {
  const shell = useShell();
  return (
    <nav className="lateral-menu" aria-label="Lateral menu">
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label="Open Search"
        title="Search"
        onClick={shell.openSearch}
      />
      <Button
        type="text"
        icon={<MessageOutlined />}
        aria-label="Open Messages"
        title="Messages"
        onClick={shell.openMessages}
      />
    </nav>
  );
}
