import { resolveRoutes } from './paths';
import { layoutRoutes, publicRoutes } from './routes';

/** The route table with absolute paths worked out, computed once. */
export const resolvedPublicRoutes = resolveRoutes(publicRoutes);
export const resolvedLayoutRoutes = resolveRoutes(layoutRoutes);

/** Paths that open without a token (spec section 4). */
export const WHITELIST: readonly string[] = ['/login', '/auth-redirect'];
export const HOME_PATH = '/dashboard';
