import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversations,
  expandedConversation,
  idParams as params,
  markAsReadResponse,
} from '@glass/domain/contracts';
import type { App } from '../../app-type.js';
import { readFormPost, requireImage } from '../../files/multipart-form.js';
import { currentUser } from '../../http/auth.js';
import { sendODataList } from '../../http/odata-route.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { parseReplyForm, parseStartForm } from './form.js';
import { visibleTo, conversationsResource } from './resource.js';
import { conversationsOf } from './service.js';

const IMAGE_FIELD = 'AttachedImage';
const multipart = ['multipart/form-data', 'application/json'];

export function conversationRoutes(app: App) {
  const { db } = app.deps;
  const service = conversationsOf(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Conversations',
    {
      config: { action: 'messages.read' },
      schema: {
        tags: ['messaging'],
        summary: 'My conversations (started, written in or received), newest activity first (OData)',
        description:
          'Expand with `$expand=Messages($expand=Recipients),Recipients`. Filter to today on `lastMessageAt` or `startedAt`. ' +
          'classNameId: 1 system request, 2 tech request, 3 regular. Message images: GET /api/files/{imageAttachmentPath}.',
        querystring: odataQuerySchema,
        response: { 200: conversations },
      },
    },
    (req, reply) => sendODataList(db, conversationsResource, req, reply, visibleTo(currentUser(req).id)),
  );

  r.post(
    '/api/Conversations/Start',
    {
      config: { action: 'messages.send', upload: { fields: [IMAGE_FIELD] } },
      schema: {
        tags: ['messaging'],
        summary: 'Start a conversation; returns it as listed (201)',
        description:
          'Form (multipart/form-data): Subject, Message (both required), TitleColorId (3), RecordId + RecordType ' +
          '(Invoice | ServiceVehicle), RecipientUserIds[] and MessageGroupIds[] (repeat the field; group 6 and the sender ' +
          'are left out), AttachedImage (one PNG/JPEG/GIF/WebP under 5 MB, checked by content).',
        consumes: multipart,
        response: { 201: expandedConversation },
      },
    },
    async (req, reply) => {
      const form = await readFormPost(req, IMAGE_FIELD);
      const input = parseStartForm(form);
      const image = form.file ? requireImage(form.file, IMAGE_FIELD) : undefined;
      return reply.code(201).send(await service.start(currentUser(req), input, image));
    },
  );

  r.post(
    '/api/Conversations/:id/Reply',
    {
      config: { action: 'messages.send', upload: { fields: [IMAGE_FIELD] } },
      schema: {
        tags: ['messaging'],
        summary: 'Reply in a conversation; returns the conversation (201)',
        description:
          'Form (multipart/form-data): Message (required), ReplyToAll (true: every participant and the groups; ' +
          'false: the people who wrote in it), AttachedImage (as for Start).',
        params,
        consumes: multipart,
        response: { 201: expandedConversation },
      },
    },
    async (req, reply) => {
      const form = await readFormPost(req, IMAGE_FIELD);
      const input = parseReplyForm(form);
      const image = form.file ? requireImage(form.file, IMAGE_FIELD) : undefined;
      return reply.code(201).send(await service.reply(currentUser(req), req.params.id, input, image));
    },
  );

  r.post(
    '/api/Conversations/:id/MarkAsRead',
    {
      config: { action: 'messages.read' },
      schema: {
        tags: ['messaging'],
        summary: 'Mark every message of the conversation read for me and consume my NewMessage alert for it',
        params,
        response: { 200: markAsReadResponse },
      },
    },
    (req) => service.markAsRead(currentUser(req), req.params.id),
  );
}
