import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';

export interface ReceiveFileOptions {
  /** The multipart field the file comes in. */
  field: string;
  maxBytes: number;
  /** The 415 answer when the body is not multipart/form-data. */
  notMultipart: string;
  /** The 400 answer when the file is larger than maxBytes. */
  tooLarge: string;
  /** The 400 answer for any other unreadable body. */
  unreadable: string;
}

/**
 * Receives one uploaded file into memory (req.file). Files stay in memory, so every error here is about the request
 * body: a limit (MulterError) or a malformed multipart body from busboy ("Unexpected end of form", no boundary):
 * the client's fault, 400.
 */
export function receiveFile(options: ReceiveFileOptions): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: options.maxBytes, files: 1, fields: 5, parts: 8 },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) {
      res.status(415).json({ error: options.notMultipart });
      return;
    }
    upload.single(options.field)(req, res, (error: unknown) => {
      if (!error) return next();
      const text =
        error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE' ? options.tooLarge : options.unreadable;
      res.status(400).json({ error: text });
    });
  };
}
