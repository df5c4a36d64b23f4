import { requestApprovalEmailBody, requestApprovalSmsBody } from '@glass/domain/contracts/approvals';
import { approvalRequested } from '@glass/domain/messages/approvals';
import { formatPhone } from '../../ui/phone';
import { Form, type FormInstance, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/http';
import { approvalKeys, invoiceKeys } from '../../query/query-keys';
import { useWrite } from '../../query/use-write';
import { problemFields } from '../../resources/form-values';
import { zodRule } from '../../ui/zod-rule';
import { approvalsApi } from './api';

type Channel = 'sms' | 'email';
interface Values {
  channel: Channel;
  phoneNumber: string;
  emailAddress: string;
}

/**
 * Request approval: by text (the phone number, the customer's cell or primary number prefilled) or by
 * e-mail (the customer's address prefilled). The server sends it through the outbox and answers 409 with
 * a readable reason (do not text, opted out, no mailbox …), shown as the failure notice.
 */
export function RequestApprovalModal({
  invoiceId,
  open,
  onClose,
  phone,
  email,
  channel = 'sms',
}: {
  invoiceId: number;
  open: boolean;
  onClose: () => void;
  phone: string | null;
  email: string | null;
  channel?: Channel;
}) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const chosen = Form.useWatch('channel', form) ?? channel;
  const write = useWrite([approvalKeys.all, invoiceKeys.detail(invoiceId)]);
  const submit = async (values: Values) => {
    setBusy(true);
    const sms = values.channel === 'sms';
    const to = sms ? values.phoneNumber.trim() : values.emailAddress.trim();
    const done = await write(
      () =>
        (sms ? approvalsApi.requestSms(invoiceId, to) : approvalsApi.requestEmail(invoiceId, to)).catch(
          (error: unknown) => {
            if (error instanceof ApiError) (form as FormInstance).setFields(problemFields(error.errors));
            throw error;
          },
        ),
      approvalRequested(values.channel, sms ? formatPhone(to) : to),
    );
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal
      open={open}
      title="Request customer approval"
      okText="Send request"
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        The customer gets a link to review the work and its price, then approve with a signature or decline.
      </Typography.Paragraph>
      <Form<Values>
        name="approval-request"
        form={form}
        layout="vertical"
        initialValues={{ channel, phoneNumber: phone ? formatPhone(phone) : '', emailAddress: email ?? '' }}
        onFinish={submit}
      >
        <Form.Item name="channel" label="Send by">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'sms', label: 'Text' },
              { value: 'email', label: 'E-mail' },
            ]}
          />
        </Form.Item>
        {chosen === 'sms' ? (
          <Form.Item
            name="phoneNumber"
            label="Phone number"
            rules={[zodRule(requestApprovalSmsBody.shape.phoneNumber, { required: true })]}
          >
            <Input inputMode="tel" autoComplete="off" maxLength={25} />
          </Form.Item>
        ) : (
          <Form.Item
            name="emailAddress"
            label="E-mail"
            rules={[zodRule(requestApprovalEmailBody.shape.emailAddress, { required: true })]}
          >
            <Input type="email" autoComplete="off" maxLength={254} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
