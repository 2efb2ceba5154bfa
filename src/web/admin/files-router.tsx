import { auditRequest } from '../audit.js';
import { staffScopeOf } from '../staff-scope.js';
import fs from 'node:fs';
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { FilesPage, type FileListItem } from '../../../views/admin/FilesPage.js';
import { isFileKind, type LibraryFile } from '../../db/files.js';
import type { Renderer } from '../../render/renderer.js';
import { FileLibraryError, type FileLibrary, type ReceivedFile } from '../../services/file-library.js';
import { formatInTimeZone } from '../../shared/time-zone.js';
import { cleanText } from '../../shared/text-input.js';
import { acceptsHtml, wantsJsonAnswer } from '../client-wants.js';
import { CSRF_HEADER, requireCsrfToken } from '../csrf.js';
import { contentOf } from '../request-content.js';
import { UPLOAD_RETRY_AFTER_SECONDS } from '../uploads-route.js';
import { staffOf, staffPage } from './staff-page.js';

interface FilesDeps {
  renderer: Renderer;
  files: FileLibrary;
}

const LIBRARY = '/admin/files';

/** A file as GET /admin/files.json and the upload calls answer it. */
function fileJson(file: LibraryFile, uses?: string[]) {
  return {
    id: file.id,
    kind: file.kind,
    url: file.url,
    storedUrl: file.storedUrl,
    originalName: file.originalName,
    contentType: file.contentType,
    size: file.size,
    alt: file.alt,
    title: file.title,
    captionsId: file.captionsId,
    uploadedBy: file.uploadedBy,
    uploadedAt: file.uploadedAt,
    replacedAt: file.replacedAt,
    ...(uses ? { uses } : {}),
  };
}

function idOf(req: Request): number | undefined {
  const raw = String(req.params.id);
  return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

function staffName(req: Request): string {
  return req.user?.username ?? '';
}

/** A whole number from a form field or JSON, or undefined; '' and null mean none. */
function optionalId(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  const text = String(value);
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * The file library's pages and calls (decision 038): list, upload, replace, describe, delete. A browser form (no
 * JavaScript) gets the library page back with the outcome; a call gets JSON with the status.
 */
export function createFilesRouter(deps: FilesDeps): Router {
  const { renderer, files } = deps;
  const router = Router({ caseSensitive: true });
  // A file of a community the account does not reach is no file to it: every change answers 404.
  router.param('id', (req, res, next, raw) => {
    const id = /^\d{1,9}$/.test(String(raw)) ? Number(raw) : undefined;
    if (id === undefined) return next();
    files.reaches(id, staffScopeOf(req)).then((found) => {
      if (found) return next();
      res.status(404).json({ error: 'There is no such file.' });
    }, next);
  });
  const json = express.json({ limit: '20kb', strict: true });
  const form = express.urlencoded({ extended: false, limit: '20kb' });
  const largest = Math.max(...Object.values(files.limits));
  // Streamed to a temporary file, never held in memory: a video may be 200 MB. Into the system's temporary folder
  // under a random name (multer's default), removed once the answer is sent: no folder of its own is left behind.
  const upload = multer({
    storage: multer.diskStorage({}),
    limits: { fileSize: largest, files: 1, fields: 8, parts: 10, fieldSize: 2_000 },
  }).single('file');

  /** Answers a refusal: the page with the message for a browser form, else JSON (413 and 409 with their details). */
  function refuse(req: Request, res: Response, status: number, message: string, uses: string[] = []) {
    if (acceptsHtml(req) && !wantsJsonAnswer(req)) {
      return res.redirect(303, `${LIBRARY}?error=${encodeURIComponent(message)}`);
    }
    if (status === 503) res.set('Retry-After', String(UPLOAD_RETRY_AFTER_SECONDS));
    res.status(status).json(status === 409 ? { error: message, uses } : { error: message });
  }

  function handle(action: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
    return async (req, res, next) => {
      try {
        await action(req, res);
      } catch (error) {
        if (error instanceof FileLibraryError) return refuse(req, res, error.status, error.message, error.uses);
        next(error);
      }
    };
  }

  /**
   * Receives the one file into a temporary file, removed once the answer is sent. A token in the header is checked
   * before the body is read, so a forged call never writes 200 MB to disk.
   */
  const receive: RequestHandler[] = [
    (req, res, next) => {
      if (req.get(CSRF_HEADER) !== undefined) return requireCsrfToken(req, res, next);
      next();
    },
    (req, res, next) => {
      if (!req.is('multipart/form-data')) {
        return refuse(req, res, 415, 'Upload the file as multipart/form-data (field "file").');
      }
      res.on('close', () => {
        if (req.file?.path) fs.rm(req.file.path, { force: true }, () => undefined);
      });
      upload(req, res, (error: unknown) => {
        if (!error) return next();
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
          return refuse(req, res, 413, 'The file is larger than the library takes (PDFs 20 MB, videos 200 MB).');
        }
        refuse(req, res, 400, 'The upload could not be read.');
      });
    },
    requireCsrfToken,
  ];

  function received(req: Request): ReceivedFile {
    if (!req.file) throw new FileLibraryError('Choose a file to upload (field "file").');
    return { path: req.file.path, originalName: req.file.originalname, size: req.file.size };
  }

  async function listItems(req: Request): Promise<FileListItem[]> {
    const timeZone = contentOf(req).community.timeZone;
    const all = await files.list(staffScopeOf(req));
    const names = new Map(all.map((file) => [file.id, file.originalName]));
    return Promise.all(
      all.map(async (file) => ({
        ...fileJson(file),
        uploadedAtText: formatInTimeZone(file.uploadedAt, timeZone),
        uses: await files.uses(file.id),
        captionsName: file.captionsId === null ? null : (names.get(file.captionsId) ?? null),
      })),
    );
  }

  router.get(
    '/files',
    handle(async (req, res) => {
      const errorText = cleanText(req.query.error).slice(0, 600) || undefined;
      const doneText = cleanText(req.query.done).slice(0, 200) || undefined;
      const notice = errorText
        ? ({ kind: 'error', text: errorText } as const)
        : doneText
          ? ({ kind: 'success', text: doneText } as const)
          : undefined;
      const all = await listItems(req);
      res.send(
        renderer.page(
          <FilesPage
            communityName={contentOf(req).community.name}
            staff={staffOf(req)}
            files={all}
            notice={notice}
            videos={all
              .filter((file) => file.kind === 'video')
              .map((file) => ({ id: file.id, name: file.originalName }))}
          />,
          staffPage(req, 'Files'),
        ),
      );
    }),
  );

  router.get(
    '/files.json',
    handle(async (req, res) => {
      const kind = req.query.kind;
      if (kind !== undefined && !isFileKind(kind)) {
        return res.status(400).json({ error: 'kind must be one of image, pdf, video, captions.' });
      }
      const listed = await files.list(staffScopeOf(req), kind);
      res.json({ files: await Promise.all(listed.map(async (file) => fileJson(file, await files.uses(file.id)))) });
    }),
  );

  /** Where a browser form goes back to after a change. */
  const done = (res: Response, text: string) => res.redirect(303, `${LIBRARY}?done=${encodeURIComponent(text)}`);

  router.post(
    '/files',
    ...receive,
    handle(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const captionsFor = optionalId(body.captionsFor);
      if (Number.isNaN(captionsFor)) throw new FileLibraryError('captionsFor must be the id of a video.');
      const added = await files.add(
        received(req),
        { alt: cleanText(body.alt), title: cleanText(body.title), captionsFor: captionsFor ?? undefined },
        staffName(req),
      );
      if (acceptsHtml(req) && !wantsJsonAnswer(req)) return done(res, `Uploaded ${added.originalName}.`);
      res.status(201).json(fileJson(added));
    }),
  );

  router.post(
    '/files/:id/replace',
    ...receive,
    handle(async (req, res) => {
      const id = idOf(req);
      if (id === undefined) throw new FileLibraryError('There is no such file.', 404);
      const replaced = await files.replace(id, received(req), staffName(req));
      if (acceptsHtml(req) && !wantsJsonAnswer(req)) return done(res, `Replaced with ${replaced.originalName}.`);
      res.json(fileJson(replaced));
    }),
  );

  /** Alt text, title, and a video's captions: JSON from a script, or the page's form. */
  router.post(
    '/files/:id',
    (req: Request, res: Response, next: NextFunction) => (req.is('application/json') ? json : form)(req, res, next),
    requireCsrfToken,
    handle(async (req, res) => {
      const id = idOf(req);
      if (id === undefined) throw new FileLibraryError('There is no such file.', 404);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const captions = optionalId(body.captions);
      if (Number.isNaN(captions)) throw new FileLibraryError('captions must be the id of a captions file, or null.');
      const changed = await files.describe(id, {
        alt: body.alt === undefined ? undefined : cleanText(body.alt),
        title: body.title === undefined ? undefined : cleanText(body.title),
        captions,
      });
      if (acceptsHtml(req) && !wantsJsonAnswer(req)) return done(res, `Saved ${changed.originalName}.`);
      res.json(fileJson(changed));
    }),
  );

  const remove = handle(async (req, res) => {
    const id = idOf(req);
    if (id === undefined) throw new FileLibraryError('There is no such file.', 404);
    await files.remove(id, (trx, file) =>
      auditRequest(trx, req, 'file.deleted', file.url, { name: file.originalName }),
    );
    if (acceptsHtml(req) && !wantsJsonAnswer(req)) return done(res, 'The file was deleted.');
    res.json({ deleted: id });
  });
  router.delete('/files/:id', requireCsrfToken, remove);
  router.post('/files/:id/delete', form, requireCsrfToken, remove);

  return router;
}

/**
 * GET /files/<id>/<name>: a library file's lasting address, which content links. It redirects to the current bytes
 * (immutable under /uploads); the redirect itself is revalidated on every use, so a replacement shows at once.
 */
export function createFileLinksRouter(files: FileLibrary): Router {
  const router = Router({ caseSensitive: true });
  router.get('/files/:id/:name', async (req, res, next) => {
    const id = /^\d{1,9}$/.test(req.params.id) ? Number(req.params.id) : undefined;
    const target = id === undefined ? undefined : await files.storedUrlOf(id, req.params.name);
    if (!target) return next();
    res.set('Cache-Control', 'no-cache').redirect(302, target);
  });
  return router;
}
