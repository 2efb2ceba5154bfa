import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import multer from 'multer';
import type { Content } from '../content/index.js';
import { listContactMessages, setMessageRead, type ContactMessageRow } from '../db/contact-messages.js';
import { listCollection, type ImageCollection } from '../db/image-collections.js';
import { findUploadedImages } from '../db/uploaded-images.js';
import type { DescribeImage } from '../render/images.js';
import type { Renderer } from '../render/renderer.js';
import {
  deleteSchema,
  ImageLibraryError,
  MAX_UPLOAD_BYTES,
  reorderSchema,
  type ImageLibrary,
} from '../services/image-library.js';
import { messagesToCsv } from '../services/messages-csv.js';
import type { EditorImage } from '../../widgets/admin-images-editor-types.js';
import { AdminHomePage } from '../../views/admin/AdminHomePage.js';
import { ImagesEditorPage } from '../../views/admin/ImagesEditorPage.js';
import { MessagesPage, type MessageView } from '../../views/admin/MessagesPage.js';
import type { HomesiteService } from '../services/homesites.js';
import { toChangeView } from './admin/homesites-router.js';
import { acceptsHtml } from './client-wants.js';
import { csrfToken, requireCsrfToken } from './csrf.js';

interface AdminDeps {
  db: Knex;
  content: Content;
  renderer: Renderer;
  image: DescribeImage;
  images: ImageLibrary;
  homesites?: HomesiteService;
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

const HOMEPAGE: ImageCollection = { kind: 'homepage' };

/**
 * Every /admin page and call. app.ts mounts this behind requireStaff and rejectCrossSite; each state change
 * here also requires the CSRF token, and JSON calls must be sent as JSON (415 otherwise).
 */
export function createAdminRouter(deps: AdminDeps): Router {
  const { db, content, renderer, image, images } = deps;
  const router = Router();
  const json = express.json({ limit: '100kb', strict: true });
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 8 },
  });

  const staffOf = (req: Request) => ({ username: req.user?.username ?? '', csrfToken: csrfToken(req) });
  const page = (req: Request, title: string) => ({
    title,
    description: 'Staff pages.',
    path: req.path,
    noindex: true,
    admin: true,
    csrfToken: csrfToken(req),
  });

  const requireJson = (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('application/json')) {
      res.status(415).json({ error: 'Send this call as application/json.' });
      return;
    }
    next();
  };

  function collectionFrom(req: Request, res: Response): ImageCollection | undefined {
    const { floorplan } = req.query;
    const plan = content.floorPlans.find((candidate) => candidate.name === floorplan);
    if (!plan) {
      res.status(400).json({ error: 'floorplan must be one floor plan display name.' });
      return undefined;
    }
    return { kind: 'floorplan', floorplan: plan.name };
  }

  async function editorImages(collection: ImageCollection): Promise<EditorImage[]> {
    const rows = await listCollection(db, collection);
    const uploaded = await findUploadedImages(
      db,
      rows.map((row) => row.url),
    );
    return rows.map((row) => ({
      url: row.url,
      order: row.sort_order,
      alt: row.alt,
      preview: image(row.url, row.alt, uploaded),
    }));
  }

  function handleLibraryError(error: unknown, res: Response) {
    if (error instanceof ImageLibraryError) {
      res.status(error.status).json({ error: error.message });
      return true;
    }
    return false;
  }

  router.get('/', async (req, res) => {
    const [carousel, messages, homesiteChanges] = await Promise.all([
      listCollection(db, HOMEPAGE),
      listContactMessages(db),
      deps.homesites?.recentChanges(5),
    ]);
    res.send(
      renderer.page(
        <AdminHomePage
          communityName={content.community.name}
          staff={staffOf(req)}
          counts={{
            carousel: carousel.length,
            unread: messages.filter((message) => !message.is_spam && !message.read_at).length,
            spam: messages.filter((message) => message.is_spam).length,
          }}
          recentHomesiteChanges={homesiteChanges?.map(toChangeView)}
        />,
        page(req, 'Staff dashboard'),
      ),
    );
  });

  async function renderEditor(req: Request, res: Response, collection: ImageCollection) {
    const isHome = collection.kind === 'homepage';
    const query = isHome ? '' : `?floorplan=${encodeURIComponent(collection.floorplan)}`;
    const noticeText = typeof req.query.error === 'string' ? req.query.error.slice(0, 200) : undefined;
    const notice =
      req.query.uploaded === '1'
        ? ({ kind: 'success', text: 'The image was added at the end.' } as const)
        : noticeText
          ? ({ kind: 'error', text: noticeText } as const)
          : undefined;
    const heading = isHome ? 'Homepage images' : `${collection.floorplan} gallery`;
    res.send(
      renderer.page(
        <ImagesEditorPage
          communityName={content.community.name}
          staff={staffOf(req)}
          path={isHome ? '/admin/homepage-images' : '/admin/floorplan-images'}
          heading={heading}
          notice={notice}
          uploadAction={isHome ? '/admin/upload/homepageimage' : `/admin/upload/floorplanimage${query}`}
          otherCollections={
            isHome
              ? undefined
              : content.floorPlans.map((plan) => ({
                  href: `/admin/floorplan-images/${plan.slug}`,
                  label: plan.name,
                  current: plan.name === collection.floorplan,
                }))
          }
          editor={{
            label: heading,
            images: await editorImages(collection),
            csrfToken: csrfToken(req),
            endpoints: isHome
              ? {
                  list: '/admin/images.json',
                  reorder: '/admin/reorder/homepageimages',
                  remove: '/admin/delete/homepageimage',
                }
              : {
                  list: `/admin/images.json${query}`,
                  reorder: `/admin/reorder/floorplanimages${query}`,
                  remove: `/admin/delete/floorplanimage${query}`,
                },
          }}
        />,
        page(req, heading),
      ),
    );
  }

  router.get('/homepage-images', (req, res) => renderEditor(req, res, HOMEPAGE));
  router.get('/floorplan-images', (req, res) =>
    res.redirect(303, `/admin/floorplan-images/${content.floorPlans[0]?.slug ?? ''}`),
  );
  router.get('/floorplan-images/:slug', async (req, res, next) => {
    const plan = content.floorPlans.find((candidate) => candidate.slug === req.params.slug);
    if (!plan) return next();
    await renderEditor(req, res, { kind: 'floorplan', floorplan: plan.name });
  });

  router.get('/images.json', async (req, res) => {
    const collection = req.query.floorplan === undefined ? HOMEPAGE : collectionFrom(req, res);
    if (!collection) return;
    res.json({ images: await editorImages(collection) });
  });

  async function reorder(req: Request, res: Response, collection: ImageCollection) {
    const parsed = reorderSchema.safeParse(req.body);
    if (!parsed.success)
      return res.status(400).json({ error: 'Send a list of {url, order} with whole-number orders.' });
    try {
      await images.reorder(collection, parsed.data);
    } catch (error) {
      if (handleLibraryError(error, res)) return;
      throw error;
    }
    res.json({ ok: true, images: parsed.data });
  }

  async function remove(req: Request, res: Response, collection: ImageCollection) {
    const parsed = deleteSchema.safeParse(req.body);
    if (!parsed.success) return res.status(400).json({ error: 'Send {url, order} of the image to delete.' });
    try {
      await images.remove(collection, parsed.data.url);
    } catch (error) {
      if (handleLibraryError(error, res)) return;
      throw error;
    }
    res.json({ ok: true });
  }

  router.post('/reorder/homepageimages', requireJson, json, requireCsrfToken, (req, res) =>
    reorder(req, res, HOMEPAGE),
  );
  router.post('/delete/homepageimage', requireJson, json, requireCsrfToken, (req, res) => remove(req, res, HOMEPAGE));
  router.post('/reorder/floorplanimages', requireJson, json, requireCsrfToken, (req, res) => {
    const collection = collectionFrom(req, res);
    if (collection) return reorder(req, res, collection);
  });
  router.post('/delete/floorplanimage', requireJson, json, requireCsrfToken, (req, res) => {
    const collection = collectionFrom(req, res);
    if (collection) return remove(req, res, collection);
  });

  function receiveUpload(
    collectionOf: (req: Request, res: Response) => ImageCollection | undefined,
    editorPath: (collection: ImageCollection) => string,
  ) {
    return [
      (req: Request, res: Response, next: NextFunction) => {
        if (!req.is('multipart/form-data'))
          return res.status(415).json({ error: 'Upload the image as multipart/form-data.' });
        upload.single('image')(req, res, (error: unknown) => {
          if (!error) return next();
          // Files stay in memory, so every error here is about the request body: a limit (MulterError) or a
          // malformed multipart body from busboy ("Unexpected end of form", no boundary): the client's fault, 400.
          const text =
            error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE'
              ? 'The file is larger than 10 MB.'
              : 'The upload could not be read.';
          res.status(400).json({ error: text });
        });
      },
      requireCsrfToken,
      async (req: Request, res: Response) => {
        const collection = collectionOf(req, res);
        if (!collection) return;
        const browserForm = acceptsHtml(req);
        const back = editorPath(collection);
        try {
          if (!req.file) throw new ImageLibraryError('Choose an image file to upload.');
          const alt = typeof req.body?.alt === 'string' ? (req.body.alt as string) : '';
          const url = await images.add(collection, { buffer: req.file.buffer, alt });
          if (browserForm) return res.redirect(303, `${back}?uploaded=1`);
          res.status(201).json({ ok: true, url });
        } catch (error) {
          if (!(error instanceof ImageLibraryError)) throw error;
          if (browserForm) return res.redirect(303, `${back}?error=${encodeURIComponent(error.message)}`);
          res.status(error.status).json({ error: error.message });
        }
      },
    ];
  }

  const planSlug = (collection: ImageCollection) =>
    collection.kind === 'homepage'
      ? ''
      : (content.floorPlans.find((plan) => plan.name === collection.floorplan)?.slug ?? '');
  router.post(
    '/upload/homepageimage',
    ...receiveUpload(
      () => HOMEPAGE,
      () => '/admin/homepage-images',
    ),
  );
  router.post(
    '/upload/floorplanimage',
    ...receiveUpload(collectionFrom, (collection) => `/admin/floorplan-images/${planSlug(collection)}`),
  );

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
        page(req, 'Messages'),
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
