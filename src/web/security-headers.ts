import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { RequestHandler } from 'express';

export interface SecurityHeaderOptions {
  tileUrl: string;
  production: boolean;
}

/** A header name and its value, in the order helmet sets them. */
export type HeaderList = readonly (readonly [string, string])[];

/**
 * Helmet, tuned: nothing runs but our own scripts, images may come from the map tile host, and the
 * features PDF may be embedded from our own origin. The referrer policy sends the origin to tile servers,
 * which OpenStreetMap's usage policy asks for.
 */
function helmetOptions(options: SecurityHeaderOptions): HelmetOptions {
  const tileOrigin = new URL(options.tileUrl.replace(/\{[a-z]\}/g, 'a')).origin.replace('://a.', '://*.');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', tileOrigin],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'self'"],
        frameSrc: ["'self'"],
        manifestSrc: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        frameAncestors: ["'self'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.production ? { maxAge: 63072000, includeSubDomains: true, preload: false } : false,
    xFrameOptions: { action: 'sameorigin' },
  };
}

/**
 * The headers helmet sets with these options, recorded once by running its middleware against a response that
 * only writes them down. None of our directives depends on the request (no nonces), so every response gets the
 * same set: computing it once lets the page cache answer a hit with it directly, and is the one source of both.
 */
export function securityHeaderList(options: SecurityHeaderOptions): HeaderList {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let finished = false;
  helmet(helmetOptions(options))({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished || headers.length === 0) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/** Sets the security headers on every response. */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const headers = securityHeaderList(options);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
