import express, { Router } from 'express';
import type { Knex } from 'knex';
import type { Content } from '../../content/index.js';
import { listContactMessages, setMessageRead, type ContactMessageRow } from '../../db/contact-messages.js';
import type { Renderer } from '../../render/renderer.js';
import { messagesToCsv } from '../../services/messages-csv.js';
import { MessagesPage, type MessageView } from '../../../views/admin/MessagesPage.js';
import { requireCsrfToken } from '../csrf.js';
import { staffOf, staffPage } from './staff-page.js';

interface MessagesDeps {
  db: Knex;
  content: Content;
  renderer: Renderer;
}

function toMessageView(row: ContactMessageRow): MessageView {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    read: Boolean(row.read_at),
    spam: Boolean(row.is_spam),
  };
}

/** The staff inbox: the list, its CSV export, and mark as read / unread (no public page changes). */
export function createMessagesRouter(deps: MessagesDeps): Router {
  const { db, content, renderer } = deps;
  const router = Router();

  router.get('/messages', async (req, res) => {
    const messages = await listContactMessages(db);
    res.send(
      renderer.page(
        <MessagesPage
          communityName={content.community.name}
          staff={staffOf(req)}
          messages={messages.map(toMessageView)}
          timeZone={content.community.timeZone}
        />,
        staffPage(req, 'Messages'),
      ),
    );
  });

  router.get('/messages.csv', async (_req, res) => {
    const messages = await listContactMessages(db);
    res
      .type('text/csv; charset=utf-8')
      .attachment(`messages-${new Date().toISOString().slice(0, 10)}.csv`)
      .send(`\uFEFF${messagesToCsv(messages)}`);
  });

  router.post(
    '/messages/:id/read',
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }),
    requireCsrfToken,
    async (req, res) => {
      const raw = String(req.params.id);
      const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : 0;
      if (id === 0) return res.status(400).json({ error: 'Unknown message.' });
      const found = await setMessageRead(db, id, (req.body as { read?: string } | undefined)?.read !== 'false');
      if (!found) return res.status(404).json({ error: 'Unknown message.' });
      res.redirect(303, '/admin/messages');
    },
  );

  return router;
}
