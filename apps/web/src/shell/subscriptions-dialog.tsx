import { SUBSCRIPTIONS_DIALOG_WIDTH } from '@glass/domain/constants';
import { Button, Modal } from 'antd';
import { NotAvailable } from './not-available';
import { useNarrow } from './use-narrow';

/** Placeholder for the Subscription Settings dialog (spec 1 §2); the messaging work builds it. */
export function SubscriptionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const narrow = useNarrow();
  return (
    <Modal
      title="Subscription Settings"
      open={open}
      width={narrow ? '100%' : SUBSCRIPTIONS_DIALOG_WIDTH}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <NotAvailable detail="Message group subscriptions will be set here once messaging is built." />
    </Modal>
  );
}
