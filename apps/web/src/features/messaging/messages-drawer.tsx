// Over 300 lines: the drawer's two panes (conversations, messages) share the selection and the live updates.
import { FileSearchOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { MESSAGES_DRAWER_WIDTH } from '@glass/domain/constants';
import {
  FAILED_TO_GET_USER_CONVERSATIONS,
  FAILED_TO_MARK_READ,
  FAILED_TO_SEND_REPLY,
  MESSAGES_TITLE,
  NEW_CONVERSATION,
  NEW_RIBBON,
  REPLY_SEND_ERROR,
  REPLY_SENT,
} from '@glass/domain/messages/messaging';
import { formatConversationDate } from '@glass/domain/rules/date-format';
import { replyProblem } from '@glass/domain/rules/new-conversation';
import { timestampedFileName } from '@glass/domain/rules/image-upload';
import { isConversationUnread, lastMessage } from '@glass/domain/rules/unread';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Checkbox, Collapse, Drawer, Empty, Input, Spin, Tag } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { toastError, toastSuccess } from '../../api/notices';
import { useFailureToast } from '../../query/use-failure-toast';
import { useSessionState } from '../../api/use-session';
import { useDrawerSize, useNarrow } from '../../ui/use-narrow';
import { type Conversation, type ConversationMessage, useConversations, messagingApi } from './api';
import { conversationKeys } from '../../query/query-keys';
import { ThumbnailImage } from '../../ui/thumbnail-image';
import { ImagePicker } from '../../ui/image-picker';
import './messaging.css';

const NewConversationDrawer = lazy(() =>
  import('./new-conversation-drawer').then((m) => ({ default: m.NewConversationDrawer })),
);

/** classNameId → the kind the drawer marks (spec 1 §3). */
const KIND: Record<number, { label: string; color: string }> = {
  1: { label: 'System request', color: 'purple' },
  2: { label: 'Tech request', color: 'warning' },
  3: { label: 'Regular', color: 'processing' },
};

function toNames(conversation: Conversation, userId: number): string {
  const names = new Set<string>();
  for (const r of [
    ...(conversation.recipients ?? []),
    ...(conversation.messages ?? []).flatMap((m) => m.recipients ?? []),
  ]) {
    if (r.recipientName && r.recipientUserId !== conversation.startedByUserId) names.add(r.recipientName);
  }
  for (const g of conversation.messageGroups ?? []) names.add(g.name);
  void userId;
  return [...names].join(', ') || '—';
}

function MessageBody({ message }: { message: ConversationMessage }) {
  return (
    <div className="conversation-message">
      <div className="conversation-message-meta">
        <strong>{message.messageFromName ?? 'Unknown'}</strong> · {formatConversationDate(message.messagedAt)}
      </div>
      <div className="conversation-message-text">{message.message}</div>
      {message.imageAttachmentUrl ? (
        <ThumbnailImage
          size={240}
          url={message.imageAttachmentUrl}
          alt={`Attachment from ${message.messageFromName ?? 'sender'}`}
        />
      ) : null}
    </div>
  );
}

function ReplyBox({ conversation }: { conversation: Conversation }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [replyToAll, setReplyToAll] = useState(true);
  const [problem, setProblem] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const id = useId();

  const send = async () => {
    const issue = replyProblem(text);
    setProblem(issue);
    if (issue) return;
    const form = new FormData();
    form.append('Message', text.trim());
    form.append('ReplyToAll', String(replyToAll));
    if (image) form.append('AttachedImage', image, timestampedFileName(image.name));
    setSending(true);
    try {
      await messagingApi.reply(conversation.id, form);
      toastSuccess(REPLY_SENT);
      setText('');
      setImage(null);
      await queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    } catch (error) {
      console.warn('Reply failed', error);
      toastError(error instanceof ApiError && error.status > 0 ? FAILED_TO_SEND_REPLY : REPLY_SEND_ERROR);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="reply-box">
      <Input.TextArea
        id={id}
        aria-label={`Reply to ${conversation.subject ?? 'conversation'}`}
        placeholder="Reply"
        autoSize={{ minRows: 1, maxRows: 4 }}
        value={text}
        status={problem ? 'error' : undefined}
        aria-invalid={!!problem}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (problem) setProblem(replyProblem(event.target.value));
        }}
      />
      {problem ? (
        <div id={`${id}-problem`} className="field-problem" role="alert">
          {problem}
        </div>
      ) : null}
      <div className="reply-actions">
        <ImagePicker file={image} onChange={setImage} />
        <Checkbox checked={replyToAll} onChange={(event) => setReplyToAll(event.target.checked)}>
          Reply to all
        </Checkbox>
        <Button type="primary" loading={sending} onClick={() => void send()}>
          Send
        </Button>
      </div>
    </div>
  );
}

function ConversationCard({
  conversation,
  userId,
  onNavigate,
}: {
  conversation: Conversation;
  userId: number;
  onNavigate: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const narrow = useNarrow();
  const unread = isConversationUnread(conversation, userId);
  const messages = [...(conversation.messages ?? [])].sort(
    (a, b) => new Date(a.messagedAt ?? 0).getTime() - new Date(b.messagedAt ?? 0).getTime(),
  );
  const latest = lastMessage(messages);
  const earlier = messages.filter((m) => m !== latest);
  const kind = KIND[conversation.classNameId] ?? KIND[3];
  const recordId = conversation.invoiceId || conversation.serviceVehicleId || null;
  const recordPath = conversation.invoiceId
    ? `/invoices/${conversation.invoiceId}`
    : conversation.serviceVehicleId
      ? `/service-vehicles/${conversation.serviceVehicleId}`
      : null;

  const markRead = async () => {
    if (!unread) return;
    try {
      await messagingApi.markAsRead(conversation.id);
      await queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    } catch (error) {
      console.warn('Mark as read failed', error);
      toastError(FAILED_TO_MARK_READ);
    }
  };

  const card = (
    <article
      className="conversation-card"
      aria-label={`Conversation: ${conversation.subject ?? ''}${unread ? ' (new)' : ''}`}
      data-testid="conversation"
    >
      <header className="conversation-header">
        <h3 className="conversation-subject">{conversation.subject || '(no subject)'}</h3>
        <Tag color={kind?.color}>{kind?.label}</Tag>
        <span className="conversation-date">
          {formatConversationDate(conversation.lastMessageAt ?? conversation.startedAt)}
        </span>
      </header>
      <dl className="conversation-people">
        <dt>From</dt>
        <dd>{conversation.startedByName ?? '—'}</dd>
        <dt>To</dt>
        <dd>{toNames(conversation, userId)}</dd>
      </dl>
      {earlier.length > 0 ? (
        <Collapse
          size="small"
          items={[
            {
              key: 'earlier',
              label: `Earlier messages (${earlier.length})`,
              children: earlier.map((m) => <MessageBody key={m.id} message={m} />),
            },
          ]}
        />
      ) : null}
      {latest ? (
        // Clicking the last message marks the conversation read (spec 1 §2); the button does it by keyboard.
        // biome-ignore lint/a11y/noStaticElementInteractions: the mouse shortcut; the button below is the accessible way
        // biome-ignore lint/a11y/useKeyWithClickEvents: the button below is the keyboard way
        <div
          className={`conversation-latest${unread ? ' is-unread' : ''}`}
          data-testid="latest-message"
          onClick={() => void markRead()}
        >
          <MessageBody message={latest} />
          {unread ? (
            <Button
              size="small"
              type="link"
              onClick={(event) => {
                event.stopPropagation();
                void markRead();
              }}
            >
              Mark as read
            </Button>
          ) : null}
        </div>
      ) : null}
      {recordPath && recordId ? (
        <Button
          size="small"
          icon={<FileSearchOutlined />}
          onClick={() => {
            onNavigate();
            // My Requests lists service vehicles, so only a service vehicle opens there on a narrow screen.
            navigate(narrow && !conversation.invoiceId ? `/my-requests/?recordId=${recordId}` : recordPath);
          }}
        >
          {conversation.invoiceId ? `Open invoice ${recordId}` : `Open service vehicle ${recordId}`}
        </Button>
      ) : null}
      <ReplyBox conversation={conversation} />
    </article>
  );
  return unread ? (
    <Badge.Ribbon text={NEW_RIBBON} color="var(--gs-color-success)">
      {card}
    </Badge.Ribbon>
  ) : (
    card
  );
}

/** Messages drawer (spec 1 §2): today's conversations of the user, with reply boxes. */
export function MessagesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const size = useDrawerSize(MESSAGES_DRAWER_WIDTH);
  const narrow = useNarrow();
  const { user } = useSessionState();
  const conversations = useConversations(open);
  const [starting, setStarting] = useState(false);
  const [startedOnce, setStartedOnce] = useState(false);

  useFailureToast(conversations.isError, FAILED_TO_GET_USER_CONVERSATIONS);

  return (
    <Drawer
      title={MESSAGES_TITLE}
      placement="right"
      size={size}
      open={open}
      onClose={onClose}
      extra={
        <span className="drawer-actions">
          <Button
            icon={<ReloadOutlined />}
            loading={conversations.isFetching}
            onClick={() => void conversations.refetch()}
            aria-label="Refresh"
            title="Refresh"
          >
            {narrow ? null : 'Refresh'}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setStartedOnce(true);
              setStarting(true);
            }}
            aria-label={NEW_CONVERSATION}
            title={NEW_CONVERSATION}
          >
            {narrow ? null : NEW_CONVERSATION}
          </Button>
        </span>
      }
    >
      {conversations.isPending ? (
        <Spin />
      ) : (conversations.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No conversations today" />
      ) : (
        <div className="conversation-list">
          {(conversations.data ?? []).map((c) => (
            <ConversationCard key={c.id} conversation={c} userId={user?.id ?? 0} onNavigate={onClose} />
          ))}
        </div>
      )}
      {startedOnce ? (
        <Suspense fallback={null}>
          <NewConversationDrawer open={starting} onClose={() => setStarting(false)} />
        </Suspense>
      ) : null}
    </Drawer>
  );
}
