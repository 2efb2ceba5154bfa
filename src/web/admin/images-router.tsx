import { communityOf } from '../request-community.js';
import { reachesRequestCommunity } from '../staff-scope.js';
import { contentOf } from '../request-content.js';
import express, { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import type { ImageCollection } from '../../db/image-collections.js';
import type { DescribeImage } from '../../render/images.js';
import type { Renderer } from '../../render/renderer.js';
import { collectionImages } from '../../services/gallery-images.js';
import {
  deleteSchema,
  ImageLibraryError,
  MAX_UPLOAD_BYTES,
  reorderSchema,
  type ImageLibrary,
} from '../../services/image-library.js';
import { ImagesEditorPage } from '../../../views/admin/ImagesEditorPage.js';
import type { EditorImage } from '../../shared/admin-images-editor-props.js';
import { acceptsHtml } from '../client-wants.js';
import { csrfToken, requireCsrfToken } from '../csrf.js';
import { UPLOAD_RETRY_AFTER_SECONDS } from '../uploads-route.js';
import { receiveFile } from './receive-file.js';
import { requireJson } from './require-json.js';
import { cleanText } from '../../shared/text-input.js';
import { staffOf, staffPage } from './staff-page.js';
import { auditRequest } from '../audit.js';
import { fileInScope, findFile, listFiles } from '../../db/files.js';
import { staffScopeOf } from '../staff-scope.js';
import { answersWithPage, jsonOrForm } from './form-or-json.js';

interface ImagesDeps {
  db: Knex;
  renderer: Renderer;
  image: DescribeImage;
  images: ImageLibrary;
}

/** The carousel of the community the request is in: staff see and change their community's only. */
const homepageOf = (req: Request): ImageCollection => ({ kind: 'homepage', community: communityOf(req).id });

/**
 * The staff image editors (home carousel, one gallery per floor plan): pages, list, reorder, delete, upload.
 * Every change goes through the image library, which says "public content changed".
 */
export function createImagesRouter(deps: ImagesDeps): Router {
  const { db, renderer, image, images } = deps;
  const router = Router();
  const json = express.json({ limit: '100kb', strict: true });
  /** Receives the image; a body refused before it was read goes back to the editor (`editorOf`) as a form post does. */
  const receiveImage = (editorOf: (req: Request) => string | undefined) =>
    receiveFile({
      field: 'image',
      maxBytes: MAX_UPLOAD_BYTES,
      notMultipart: 'Upload the image as multipart/form-data.',
      tooLarge: 'The file is larger than 10 MB.',
      unreadable: 'The upload could not be read.',
      refuse: (req, res, status, text) => {
        const editor = acceptsHtml(req) ? editorOf(req) : undefined;
        if (editor) return res.redirect(303, `${editor}?error=${encodeURIComponent(text)}`);
        res.status(status).json({ error: text });
      },
    });

  function collectionFrom(req: Request, res: Response): ImageCollection | undefined {
    const { floorplan } = req.query;
    const plan = contentOf(req).floorPlans.find((candidate) => candidate.name === floorplan);
    if (!plan) {
      res.status(400).json({ error: 'floorplan must be one floor plan display name.' });
      return undefined;
    }
    return { kind: 'floorplan', floorplan: plan.name };
  }

  async function editorImages(collection: ImageCollection): Promise<EditorImage[]> {
    return (await collectionImages(db, collection, image)).map(({ row, image: preview }) => ({
      url: row.url,
      order: row.sort_order,
      alt: row.alt,
      preview,
    }));
  }

  /** The library's refusal as JSON; a store outage (503) says when to try again, as the public uploads do. */
  function sendLibraryError(error: ImageLibraryError, res: Response) {
    if (error.status === 503) res.set('Retry-After', String(UPLOAD_RETRY_AFTER_SECONDS));
    res.status(error.status).json({ error: error.message });
  }

  function handleLibraryError(error: unknown, res: Response) {
    if (!(error instanceof ImageLibraryError)) return false;
    sendLibraryError(error, res);
    return true;
  }

  async function renderEditor(req: Request, res: Response, collection: ImageCollection) {
    const isHome = collection.kind === 'homepage';
    const query = isHome ? '' : `?floorplan=${encodeURIComponent(collection.floorplan)}`;
    const noticeText = cleanText(req.query.error).slice(0, 200) || undefined;
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
          communityName={contentOf(req).community.name}
          staff={staffOf(req)}
          path={isHome ? '/admin/homepage-images' : '/admin/floorplan-images'}
          heading={heading}
          notice={notice}
          uploadAction={isHome ? '/admin/upload/homepageimage' : `/admin/upload/floorplanimage${query}`}
          libraryAction={
            isHome ? '/admin/homepage-images/library' : `/admin/floorplan-images/${planSlug(req, collection)}/library`
          }
          libraryImages={(await listFiles(db, staffScopeOf(req), 'image')).map((file) => ({
            id: file.id,
            originalName: file.originalName,
            title: file.title,
            alt: file.alt,
          }))}
          otherCollections={
            isHome
              ? undefined
              : contentOf(req).floorPlans.map((plan) => ({
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
        staffPage(req, heading),
      ),
    );
  }

  router.get('/homepage-images', (req, res) => renderEditor(req, res, homepageOf(req)));
  router.get('/floorplan-images', (req, res) =>
    res.redirect(303, `/admin/floorplan-images/${contentOf(req).floorPlans[0]?.slug ?? ''}`),
  );
  router.get('/floorplan-images/:slug', async (req, res, next) => {
    const plan = contentOf(req).floorPlans.find((candidate) => candidate.slug === req.params.slug);
    if (!plan) return next();
    await renderEditor(req, res, { kind: 'floorplan', floorplan: plan.name });
  });

  router.get('/images.json', async (req, res) => {
    if (req.query.floorplan === undefined && !reachesRequestCommunity(req)) {
      return void res.status(404).json({ error: 'There is no such image list.' });
    }
    const collection = req.query.floorplan === undefined ? homepageOf(req) : collectionFrom(req, res);
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
    await auditRequest(db, req, 'file.deleted', parsed.data.url, {
      collection: collection.kind === 'homepage' ? 'homepage' : collection.floorplan,
    });
    res.json({ ok: true });
  }

  router.post('/reorder/homepageimages', requireJson, json, requireCsrfToken, (req, res) =>
    reorder(req, res, homepageOf(req)),
  );
  router.post('/delete/homepageimage', requireJson, json, requireCsrfToken, (req, res) =>
    remove(req, res, homepageOf(req)),
  );
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
    editorPath: (req: Request, collection: ImageCollection) => string,
  ) {
    const editorOf = (req: Request) => {
      const plan = contentOf(req).floorPlans.find((candidate) => candidate.name === req.query.floorplan);
      return editorPath(req, plan ? { kind: 'floorplan', floorplan: plan.name } : homepageOf(req));
    };
    return [
      receiveImage(editorOf),
      requireCsrfToken,
      async (req: Request, res: Response) => {
        const collection = collectionOf(req, res);
        if (!collection) return;
        await answerAdded(req, res, collection, editorPath(req, collection), acceptsHtml(req), async () => {
          if (!req.file) throw new ImageLibraryError('Choose an image file to upload.');
          const alt = cleanText(req.body?.alt);
          return { url: await images.add(collection, { buffer: req.file.buffer, alt }) };
        });
      },
    ];
  }

  /**
   * Adds an image by `add`, audits it, and answers: a browser form goes back to the editor (`back`) with the
   * outcome, any other client gets 201 JSON or the library's refusal.
   */
  async function answerAdded(
    req: Request,
    res: Response,
    collection: ImageCollection,
    back: string,
    browserForm: boolean,
    add: () => Promise<{ url: string; file?: number }>,
  ) {
    try {
      const { url, file } = await add();
      await auditRequest(db, req, 'image.added', url, {
        collection: collection.kind === 'homepage' ? 'homepage' : collection.floorplan,
        ...(file === undefined ? {} : { file }),
      });
      if (browserForm) return res.redirect(303, `${back}?uploaded=1`);
      res.status(201).json({ ok: true, url });
    } catch (error) {
      if (!(error instanceof ImageLibraryError)) throw error;
      if (browserForm) return res.redirect(303, `${back}?error=${encodeURIComponent(error.message)}`);
      sendLibraryError(error, res);
    }
  }

  /** POST {file, alt?}: an image of the file library at the end of the list (a form gets the editor back). */
  async function addFromLibrary(req: Request, res: Response, collection: ImageCollection, back: string) {
    const id = Number(req.body?.file);
    await answerAdded(req, res, collection, back, answersWithPage(req), async () => {
      const file = Number.isSafeInteger(id) && id > 0 ? await findFile(db, id) : undefined;
      if (!file || !(await fileInScope(db, id, staffScopeOf(req)))) {
        throw new ImageLibraryError('Choose an image of the file library.');
      }
      return { url: await images.addFromLibrary(collection, file, cleanText(req.body?.alt)), file: file.id };
    });
  }

  router.post('/homepage-images/library', ...jsonOrForm, (req, res) =>
    addFromLibrary(req, res, homepageOf(req), '/admin/homepage-images'),
  );
  router.post('/floorplan-images/:slug/library', ...jsonOrForm, async (req, res, next) => {
    const plan = contentOf(req).floorPlans.find((candidate) => candidate.slug === req.params.slug);
    if (!plan) return next();
    await addFromLibrary(req, res, { kind: 'floorplan', floorplan: plan.name }, `/admin/floorplan-images/${plan.slug}`);
  });

  const planSlug = (req: Request, collection: ImageCollection) =>
    collection.kind === 'homepage'
      ? ''
      : (contentOf(req).floorPlans.find((plan) => plan.name === collection.floorplan)?.slug ?? '');
  router.post(
    '/upload/homepageimage',
    ...receiveUpload(
      (req) => homepageOf(req),
      () => '/admin/homepage-images',
    ),
  );
  router.post(
    '/upload/floorplanimage',
    ...receiveUpload(collectionFrom, (req, collection) => `/admin/floorplan-images/${planSlug(req, collection)}`),
  );

  return router;
}
