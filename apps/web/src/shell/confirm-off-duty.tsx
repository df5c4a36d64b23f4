import { Modal } from 'antd';

/** Confirm Off Duty dialog (spec 1 §2): OK proceeds, Cancel aborts. */
export function ConfirmOffDuty({
  open,
  title,
  body,
  onOk,
  onCancel,
}: {
  open: boolean;
  title: string;
  body: string;
  onOk: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={open} title={title} okText="OK" cancelText="Cancel" onOk={onOk} onCancel={onCancel}>
      <p>{body}</p>
    </Modal>
  );
}
