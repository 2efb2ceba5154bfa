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
  /** Answers a refused body instead of the JSON error (a staff page shows it next to its form). */
  refuse?: (req: Request, res: Response, status: 400 | 415, message: string) => void;
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
  const refuse =
    options.refuse ??
    ((_req: Request, res: Response, status: 400 | 415, message: string) => res.status(status).json({ error: message }));
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) {
      refuse(req, res, 415, options.notMultipart);
      return;
    }
    upload.single(options.field)(req, res, (error: unknown) => {
      if (!error) return next();
      const text =
        error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE' ? options.tooLarge : options.unreadable;
      refuse(req, res, 400, text);
    });
  };
}
