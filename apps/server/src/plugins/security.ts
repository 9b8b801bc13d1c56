import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Strict CSP: scripts only from our origin, no inline script, no plugins, no base tag, no framing.
 * antd's CSS-in-JS needs inline styles: its component rules mostly come from a prebuilt stylesheet
 * (apps/web/vite-plugins/antd-styles.ts), but the theme's CSS variables (colour, size) and the
 * components the stylesheet leaves out are still injected at run time. No upgrade-insecure-requests: over plain HTTP it blanks
 * the page. HSTS is sent by hand (helmet's would also go out over plain HTTP).
 */
/** Two years, for the host only (the product knows nothing of its sibling subdomains). */
export const HSTS = 'max-age=63072000';

export const registerSecurityHeaders = async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    // HTTPS only (plain HTTP must not pin it): a TLS socket, or a trusted proxy's
    // X-Forwarded-Proto: https (TRUST_PROXY=1; Fastify reads it into req.protocol).
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
};
