import type { ClaimSubmission } from '@glass/domain/contracts/claim-submissions';
import { ClaimSubmissionState } from '@glass/domain/rules/claim-submission';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

export interface ReasonValues {
  reasonCode?: string;
  reasonText?: string;
  note?: string;
}

/**
 * The reason of a rejection (code and text, both required: the clearing house's) or a denial (optional), as the
 * clerk reads it off the portal or hears it on the phone.
 */
export function ClaimReasonDialog({
  submission,
  to,
  onCancel,
  onSave,
}: {
  submission: ClaimSubmission;
  to: typeof ClaimSubmissionState.Rejected | typeof ClaimSubmissionState.Denied;
  onCancel: () => void;
  onSave: (values: ReasonValues) => Promise<boolean>;
}) {
  const [form] = Form.useForm<ReasonValues>();
  const [saving, setSaving] = useState(false);
  const rejected = to === ClaimSubmissionState.Rejected;
  const title = `${rejected ? 'Rejection' : 'Denial'} of the claim sent to ${submission.clearingHouse.name}`;
  return (
    <Modal
      open
      title={title}
      okText={rejected ? 'Record rejection' : 'Record denial'}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() =>
        form.validateFields().then(async (values) => {
          setSaving(true);
          const ok = await onSave(values);
          setSaving(false);
          if (ok) onCancel();
        })
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={rejected}>
        <Form.Item
          name="reasonCode"
          label="Reason code"
          rules={rejected ? [{ required: true, whitespace: true, message: 'Reason code is required' }] : []}
        >
          <Input maxLength={40} autoFocus />
        </Form.Item>
        <Form.Item
          name="reasonText"
          label="Reason"
          rules={rejected ? [{ required: true, whitespace: true, message: 'Reason text is required' }] : []}
        >
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
        <Form.Item name="note" label="Note">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
