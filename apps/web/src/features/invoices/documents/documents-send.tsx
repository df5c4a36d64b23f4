import { Form, type FormInstance, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { documentsApi } from './documents-api';
import { DOC_TEXT } from './documents-texts';
import { useRecordWrite } from '../records/records-form';

interface SendProps {
  invoiceId: number;
  open: boolean;
  onClose: () => void;
}

/** A small form in a modal: validates, sends (the invoice and its lists refresh) and closes. */
function SendModal<T extends object>({
  invoiceId,
  open,
  onClose,
  title,
  okText,
  initialValues,
  send,
  children,
}: SendProps & {
  title: string;
  okText: string;
  initialValues: T;
  send: (values: T) => { call: () => Promise<unknown>; successText: string };
  children: React.ReactNode;
}) {
  const [form] = Form.useForm<T>();
  const [busy, setBusy] = useState(false);
  const write = useRecordWrite(invoiceId);
  const submit = async (values: T) => {
    const { call, successText } = send(values);
    setBusy(true);
    const done = await write(call, successText, form as FormInstance);
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Form name="invoice-send" form={form} layout="vertical" initialValues={initialValues} onFinish={submit}>
        {children}
      </Form>
    </Modal>
  );
}

/** POST /api/Invoices/sendCustomerInvoice with the customer's e-mail prefilled (it may be changed). */
export function SendInvoiceModal({ email, ...props }: SendProps & { email: string }) {
  return (
    <SendModal
      {...props}
      title={DOC_TEXT.sendInvoiceTitle}
      okText={DOC_TEXT.sendInvoice}
      initialValues={{ email }}
      send={({ email: to }) => ({
        call: () => documentsApi.sendInvoice(props.invoiceId, to.trim()),
        successText: DOC_TEXT.sent(to.trim()),
      })}
    >
      <Form.Item
        name="email"
        label="E-mail"
        rules={[
          { required: true, message: DOC_TEXT.noEmail },
          { type: 'email', message: 'Enter a valid e-mail address.' },
        ]}
      >
        <Input type="email" autoComplete="off" maxLength={254} />
      </Form.Item>
    </SendModal>
  );
}

/** POST /api/Invoices/{id}/sendTechText with an optional message (else the brand's template). */
export function TechTextModal(props: SendProps) {
  return (
    <SendModal
      {...props}
      title={DOC_TEXT.techTextTitle}
      okText={DOC_TEXT.sendTechText}
      initialValues={{ message: '' }}
      send={({ message }) => ({
        call: () => documentsApi.sendTechText(props.invoiceId, message.trim()),
        successText: DOC_TEXT.techTextSent,
      })}
    >
      <Typography.Paragraph type="secondary">{DOC_TEXT.techTextHint}</Typography.Paragraph>
      <Form.Item name="message" label="Message">
        <Input.TextArea rows={4} maxLength={1000} showCount />
      </Form.Item>
    </SendModal>
  );
}
