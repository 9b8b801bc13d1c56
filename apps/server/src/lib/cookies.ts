import type { FastifyRequest } from 'fastify';

/** A cookie of the request, URL-decoded; undefined when absent, empty or not decodable. */
export const cookieOf = (req: FastifyRequest, name: string): string | undefined => {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('=')) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
};
