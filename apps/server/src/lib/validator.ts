import { controlCharPaths } from '@educrm/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * The zod validator of every route, preceded by the contract's control-character rule: a NUL or
 * other C0 character in any string of a body, query or path (tab and newline only in multi-line
 * fields) answers 400 with a field message instead of reaching the database.
 */
export const inputValidator: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const bad = controlCharPaths(data);
    if (bad.length > 0) {
      return {
        error: bad.map((p) => ({
          keyword: 'custom',
          instancePath: p.length ? `/${p.join('/')}` : '',
          schemaPath: '',
          params: {},
          message: 'msg:controlChars',
        })),
      } as unknown as ReturnType<ReturnType<FastifySchemaCompiler<ZodType>>>;
    }
    return validate(data);
  };
};
