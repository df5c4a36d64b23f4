import { CloseOutlined, LinkOutlined } from '@ant-design/icons';
import { IGNORED_MESSAGE_GROUP_ID, NEW_CONVERSATION_DRAWER_WIDTH } from '@glass/domain/constants';
import { recordTypeLabel } from '@glass/domain/enums';
import {
  CONVERSATION_STARTED,
  FAILED_TO_START_CONVERSATION,
  INSERT_CURRENT_URL,
  START_NEW_CONVERSATION_TITLE,
} from '@glass/domain/messages/messaging';
import { timestampedFileName } from '@glass/domain/rules/image-upload';
import {
  type LinkedRecord,
  newConversationProblems,
  recordFromPath,
  startConversationPayload,
} from '@glass/domain/rules/new-conversation';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Input, Select, Tag } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { toastError, toastInfo, toastSuccess } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { useDrawerSize } from '../../ui/use-narrow';
import { useMessageGroups, messagingApi } from './api';
import { conversationKeys } from '../../query/query-keys';
import { ImagePicker } from '../../ui/image-picker';
import './messaging.css';

/** Start New Conversation drawer (spec 1 §2, §5). */
export function NewConversationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const size = useDrawerSize(NEW_CONVERSATION_DRAWER_WIDTH);
  const session = useSessionState();
  const groupsQuery = useMessageGroups();
  const location = useLocation();
  const queryClient = useQueryClient();
  const id = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [recipients, setRecipients] = useState<number[]>([]);
  const [groups, setGroups] = useState<number[]>([]);
  const [record, setRecord] = useState<LinkedRecord | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [problems, setProblems] = useState<{ subject?: string; message?: string }>({});
  const [sending, setSending] = useState(false);
  const userId = session.user?.id ?? 0;

  const employees = useMemo(
    () =>
      session.employeeList
        .filter((e) => e.id !== userId)
        .map((e) => ({
          value: e.id,
          label: [e.firstName, e.lastName].filter(Boolean).join(' ') || `#${e.id}`,
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [session.employeeList, userId],
  );
  const groupOptions = useMemo(
    () =>
      (groupsQuery.data ?? session.groupRoles)
        .filter((g) => g.id !== IGNORED_MESSAGE_GROUP_ID)
        .map((g) => ({ value: g.id, label: g.name })),
    [groupsQuery.data, session.groupRoles],
  );

  const reset = () => {
    setSubject('');
    setMessage('');
    setRecipients([]);
    setGroups([]);
    setRecord(null);
    setImage(null);
    setProblems({});
  };

  const submit = async () => {
    const draft = { subject, message, recipientUserIds: recipients, messageGroupIds: groups, record };
    const found = newConversationProblems(draft);
    setProblems(found);
    if (found.subject || found.message) return;
    const payload = startConversationPayload(draft, userId);
    const form = new FormData();
    for (const [key, value] of Object.entries(payload)) {
      if (Array.isArray(value)) for (const item of value) form.append(key, String(item));
      else if (value !== undefined) form.append(key, String(value));
    }
    if (image) form.append('AttachedImage', image, timestampedFileName(image.name));
    setSending(true);
    try {
      await messagingApi.start(form);
      toastSuccess(CONVERSATION_STARTED);
      reset();
      onClose();
      await queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    } catch (error) {
      console.warn('Start conversation failed', error);
      toastError(FAILED_TO_START_CONVERSATION);
    } finally {
      setSending(false);
    }
  };

  /** A field shown in error is checked again as it is typed in, so the message goes once it is filled. */
  const edit = (field: 'subject' | 'message', value: string) => {
    if (field === 'subject') setSubject(value);
    else setMessage(value);
    if (!problems[field]) return;
    const found = newConversationProblems({
      subject: field === 'subject' ? value : subject,
      message: field === 'message' ? value : message,
      recipientUserIds: recipients,
      messageGroupIds: groups,
      record,
    });
    setProblems((current) => ({ ...current, [field]: found[field] }));
  };

  const problemOf = (field: 'subject' | 'message') =>
    problems[field] ? (
      <div id={`${id}-${field}-problem`} className="field-problem" role="alert">
        {problems[field]}
      </div>
    ) : null;

  return (
    <Drawer
      title={START_NEW_CONVERSATION_TITLE}
      placement="right"
      size={size}
      open={open}
      onClose={onClose}
      footer={
        <div className="drawer-footer">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={sending} onClick={() => void submit()}>
            Start
          </Button>
        </div>
      }
    >
      <div className="new-conversation-form">
        <label htmlFor={`${id}-subject`}>Subject</label>
        <Input
          id={`${id}-subject`}
          value={subject}
          status={problems.subject ? 'error' : undefined}
          aria-invalid={!!problems.subject}
          aria-describedby={problems.subject ? `${id}-subject-problem` : undefined}
          onChange={(event) => edit('subject', event.target.value)}
        />
        {problemOf('subject')}
        <label htmlFor={`${id}-message`}>Message</label>
        <Input.TextArea
          id={`${id}-message`}
          autoSize={{ minRows: 3, maxRows: 8 }}
          value={message}
          status={problems.message ? 'error' : undefined}
          aria-invalid={!!problems.message}
          aria-describedby={problems.message ? `${id}-message-problem` : undefined}
          onChange={(event) => edit('message', event.target.value)}
        />
        {problemOf('message')}
        <label htmlFor={`${id}-recipients`}>Recipients</label>
        <Select
          id={`${id}-recipients`}
          mode="multiple"
          aria-label="Recipients"
          options={employees}
          value={recipients}
          onChange={setRecipients}
          optionFilterProp="label"
        />
        <label htmlFor={`${id}-groups`}>Groups</label>
        <Select
          id={`${id}-groups`}
          mode="multiple"
          aria-label="Groups"
          options={groupOptions}
          value={groups}
          onChange={setGroups}
          optionFilterProp="label"
        />
        <div className="new-conversation-extras">
          {record ? (
            <span>
              <Tag>{`${recordTypeLabel(record.recordType) || record.recordType} ${record.recordId}`}</Tag>
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                aria-label="Remove linked record"
                title="Remove linked record"
                onClick={() => setRecord(null)}
              />
            </span>
          ) : (
            <Button
              icon={<LinkOutlined />}
              onClick={() => {
                const found = recordFromPath(location.pathname);
                if (found) setRecord(found);
                else toastInfo('No invoice or service vehicle in the current address');
              }}
            >
              {INSERT_CURRENT_URL}
            </Button>
          )}
          <ImagePicker file={image} onChange={setImage} />
        </div>
      </div>
    </Drawer>
  );
}
