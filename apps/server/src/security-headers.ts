import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every answer. The CSP allows only this origin: the web app
 * bundles everything it runs (pdf.js included), blob: frames and workers serve the
 * PDF viewer and the print frame, and inline styles are allowed for React's style props.
 *
 * helmet's middleware is built once here and applied to each request (decision 230): the
 * @fastify/helmet plugin builds it again for every request, parsing these directives each time.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // The PDF viewer opens blobs of our own origin; cross-origin isolation is not needed.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
}
