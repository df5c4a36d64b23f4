import { Empty } from 'antd';

export const NOT_AVAILABLE = 'Not available yet';

/** The honest empty state of a screen or dialog whose feature is not built yet; no pretend data. */
export function NotAvailable({ detail }: { detail?: string }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <strong>{NOT_AVAILABLE}</strong>
          {detail ? <div>{detail}</div> : null}
        </>
      }
    />
  );
}
