import {
  CHANGE_PASSWORD_TITLE,
  PASSWORD_UPDATE_FAILED,
  PASSWORD_UPDATED,
  REVIEW_FOLLOWING_FIELDS,
} from '@glass/domain/messages/password';
import { validatePasswordChange } from '@glass/domain/rules/password';
import { Button, Card, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { setToken } from '../../api/auth-token';
import { ApiError } from '../../api/http';
import { toastError, toastSuccess } from '../../api/notices';
import { passwordApi } from '../../api/session-api';
import { useDocumentTitle } from '../../shell/document-title';
import { UnsavedChangesGuard } from '../../shell/unsaved-changes';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS: Array<{ name: keyof Values; label: string; autoComplete: string }> = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

// All fields are numeric digits (spec 1 §5): anything else is dropped as it is typed.
const digitsOnly = (event: { target: { value: string } }) => event.target.value.replace(/\D/g, '');

/** /password-change: the rules live in packages/domain; the server enforces the same ones. */
export function PasswordChangePage() {
  useDocumentTitle(CHANGE_PASSWORD_TITLE);
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<{ summary: string; messages: string[] } | null>(null);

  const onFinish = async (values: Values) => {
    const result = validatePasswordChange(values);
    if (!result.ok) {
      setProblems({ summary: result.summary, messages: result.messages });
      return;
    }
    setSaving(true);
    try {
      const { token } = await passwordApi.change(values);
      // The server ended every other session and handed this one a fresh token.
      if (token) setToken(token);
      form.resetFields();
      setDirty(false);
      toastSuccess(PASSWORD_UPDATED);
    } catch (error) {
      toastError(PASSWORD_UPDATE_FAILED);
      if (error instanceof ApiError && error.status === 400 && error.errors) {
        const messages = Object.values(error.errors).flat().filter(Boolean);
        if (messages.length) setProblems({ summary: REVIEW_FOLLOWING_FIELDS, messages });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="password-title" style={{ maxWidth: 420 }}>
      <UnsavedChangesGuard when={dirty && !saving} />
      <h1 id="password-title" style={{ fontSize: 22, marginTop: 0 }}>
        {CHANGE_PASSWORD_TITLE}
      </h1>
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={EMPTY}
          onFinish={(values) => void onFinish(values)}
          onValuesChange={(_, all) => setDirty(Object.values(all).some(Boolean))}
        >
          {FIELDS.map((field) => (
            <Form.Item key={field.name} name={field.name} label={field.label} getValueFromEvent={digitsOnly}>
              <Input type="password" inputMode="numeric" autoComplete={field.autoComplete} />
            </Form.Item>
          ))}
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
        </Form>
      </Card>
      <Modal
        open={problems !== null}
        title={CHANGE_PASSWORD_TITLE}
        onOk={() => setProblems(null)}
        onCancel={() => setProblems(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText="OK"
      >
        <p>{problems?.summary}</p>
        <ul>
          {problems?.messages.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </Modal>
    </section>
  );
}
