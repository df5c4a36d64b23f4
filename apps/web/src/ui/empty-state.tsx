import { Empty } from 'antd';
import type { ReactNode } from 'react';
import './ui.css';

/** The one empty state of every list and table: antd's simple image and one line of text. */
export function EmptyState({ children = 'No data', compact }: { children?: ReactNode; compact?: boolean }) {
  return (
    <Empty
      className="gs-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={children}
      style={compact ? { margin: '8px 0' } : undefined}
    />
  );
}
