import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieOf } from '../../lib/cookies';

/**
 * The browser's sign-in nonce: a third-party sign-in's `state` is signed together with it, so a
 * code and state only sign in the browser that started the sign-in (no login CSRF: a crafted
 * /auth-redirect link opened in another browser is refused). An HttpOnly, SameSite=Strict cookie
 * for the API paths, living as long as a state does.
 */
export const SIGNIN_NONCE_COOKIE = 'educrm-signin';
export const SIGNIN_NONCE_SECONDS = 10 * 60;
const NONCE = /^[A-Za-z0-9_-]{22}$/;

export const signInNonceOf = (req: FastifyRequest): string | undefined => {
  const nonce = cookieOf(req, SIGNIN_NONCE_COOKIE);
  return nonce && NONCE.test(nonce) ? nonce : undefined;
};

/** The nonce the browser has (so two tabs of the login page agree), or a new one; the cookie is (re)set. */
export const startSignIn = (req: FastifyRequest, reply: FastifyReply): string => {
  const nonce = signInNonceOf(req) ?? randomBytes(16).toString('base64url');
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${SIGNIN_NONCE_COOKIE}=${nonce}; Path=/api; Max-Age=${SIGNIN_NONCE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
  );
  return nonce;
};
