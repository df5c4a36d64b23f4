import { SKELETON_ROWS } from '@glass/domain/constants';
import { Skeleton } from 'antd';

/** Loading placeholder for lists: 8 rows (spec 1 §9, spec 2 §9). */
export function ListSkeleton({
  rows = SKELETON_ROWS,
  label = 'Loading list',
}: {
  rows?: number;
  label?: string;
}) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton.Input key={index} active block size="small" style={{ marginBottom: 8 }} />
      ))}
    </div>
  );
}
