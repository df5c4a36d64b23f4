import { MESSAGES_DRAWER_WIDTH } from '@glass/domain/constants';
import { Drawer } from 'antd';
import { NotAvailable } from './not-available';
import { useDrawerSize } from './use-narrow';

/** Placeholder for the Messages drawer (spec 1 §2); the messaging work builds the conversations. */
export function MessagesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const size = useDrawerSize(MESSAGES_DRAWER_WIDTH);
  return (
    <Drawer title="Messages" placement="right" size={size} open={open} onClose={onClose}>
      <NotAvailable detail="Conversations will appear here once messaging is built." />
    </Drawer>
  );
}
