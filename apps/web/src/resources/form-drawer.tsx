import { CANCEL, PROCEED, UNSAVED_CHANGES_TEXT, UNSAVED_CHANGES_TITLE } from '@glass/domain/messages/shell';
import { Button, Drawer, Modal, Space } from 'antd';
import type { ReactNode } from 'react';
import { UnsavedChangesGuard } from '../shell/unsaved-changes';

interface Props {
  title: string;
  /** Pending edits: closing asks first, and leaving the page is guarded. */
  dirty: boolean;
  saving: boolean;
  /** False hides Save (a role that may only look). */
  canSave?: boolean;
  onClose: () => void;
  onSave: () => void;
  children: ReactNode;
}

/**
 * The drawer every create/edit form sits in: Cancel and Save, the Unsaved Changes confirmation when
 * closing with pending edits, and the navigation guard while they are pending.
 */
export function FormDrawer({ title, dirty, saving, canSave = true, onClose, onSave, children }: Props) {
  const [modal, holder] = Modal.useModal();
  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({
      title: UNSAVED_CHANGES_TITLE,
      content: UNSAVED_CHANGES_TEXT,
      okText: PROCEED,
      cancelText: CANCEL,
      onOk: onClose,
    });
  };
  return (
    <Drawer
      open
      title={title}
      size="large"
      onClose={close}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>Cancel</Button>
          {canSave ? (
            <Button type="primary" loading={saving} onClick={onSave}>
              Save
            </Button>
          ) : null}
        </Space>
      }
    >
      {holder}
      <UnsavedChangesGuard when={dirty} />
      {children}
    </Drawer>
  );
}
