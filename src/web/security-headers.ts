import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * Helmet, tuned: nothing runs but our own scripts, images may come from the map tile host, and the
 * features PDF may be embedded from our own origin. The referrer policy sends the origin to tile servers,
 * which OpenStreetMap's usage policy asks for.
 */
export function securityHeaders(options: { tileUrl: string; production: boolean }): RequestHandler {
  const tileOrigin = new URL(options.tileUrl.replace(/\{[a-z]\}/g, 'a')).origin.replace('://a.', '://*.');
  return helmet({
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
  });
}
