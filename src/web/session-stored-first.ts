import type { Request, RequestHandler, Response } from 'express';
import type { Session } from 'express-session';

type SaveCallback = (error?: unknown) => void;

/** What was last stored of each session object (its content without the cookie, as express-session compares it). */
const storedContent = new WeakMap<Session, string>();

function contentOf(session: Session): string {
  return JSON.stringify(session, function (this: unknown, key, value: unknown) {
    return this === session && key === 'cookie' ? undefined : value;
  });
}

/**
 * express-session stores a session whose id changed during the request (a sign-in) once more as the answer ends,
 * after the headers are out: the same content, but landing after the client's next request it could undo that
 * request's change (a CSRF token it created). Once stored here, the session is not written again unless it changed.
 */
function skipUnchangedSaves(session: Session): void {
  if (storedContent.has(session)) return;
  const save = session.save.bind(session);
  Object.defineProperty(session, 'save', {
    configurable: true,
    enumerable: false,
    writable: true,
    value(callback?: SaveCallback) {
      if (contentOf(session) !== storedContent.get(session)) {
        save((error?: unknown) => {
          if (!error) storedContent.set(session, contentOf(session));
          callback?.(error);
        });
      } else if (callback) process.nextTick(callback);
      return session;
    },
  });
}

/** Stores the request's session now, and calls back once it is stored (or could not be). */
export function storeSession(req: Request, callback: SaveCallback): void {
  const session = req.session;
  session.save((error?: unknown) => {
    if (!error) {
      skipUnchangedSaves(session);
      storedContent.set(session, contentOf(session));
    }
    callback(error);
  });
}

/**
 * Mounted right after the session middleware: an answer that follows a change of the session (a sign-in, a new
 * CSRF token, anything set then redirected) goes out only once that change is stored. express-session alone
 * stores it as the answer ends, but sends the headers and all but the last byte first, so a client that follows a
 * redirect on its headers (or posts the token it just read) reached the database before the change did, on
 * PostgreSQL about one time in eight. A streamed answer (res.write) must call storeSession itself first.
 */
export const answerAfterSessionStored: RequestHandler = (req, res, next) => {
  const loadedId = req.sessionID;
  const loadedContent = req.session ? contentOf(req.session) : undefined;

  /** A changed session, or a new one with something in it (an empty new one is never stored: saveUninitialized). */
  const needsStoring = (session: Session): boolean => {
    const content = contentOf(session);
    const stored = storedContent.get(session) ?? (session.id === loadedId ? loadedContent : '{}');
    return content !== stored;
  };

  const end = res.end;
  res.end = function (this: Response, ...args: unknown[]) {
    const answer = () => (end as (...rest: unknown[]) => Response).apply(this, args);
    const session = req.session;
    if (!session || !needsStoring(session)) return answer();
    storeSession(req, (error) => {
      if (!error) return answer();
      // Not stored: what the handler composed (a redirect into the admin, a page with a token) must not go out.
      res.end = end;
      res.removeHeader('Location');
      (req.next ?? next)(error);
    });
    return this;
  } as typeof res.end;
  next();
};
