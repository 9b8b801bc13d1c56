import { describe, expect, it } from 'vitest';
import { safeErrSerializer } from '../../src/lib/safe-error';

describe('errors in the log', () => {
  it('keep the SQL and the SQLSTATE but drop parameters and detail', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "client_mobile_uq"'),
      {
        code: '23505',
        constraint: 'client_mobile_uq',
        detail: 'Key (mobile)=(13800138000) already exists.',
      },
    );
    const err = new Error(
      'Failed query: insert into "client" ("name", "mobile") values ($1, $2)\nparams: 王小明,13800138000',
      {
        cause,
      },
    );
    const out = safeErrSerializer(err) as Record<string, unknown>;
    const text = JSON.stringify(out);
    expect(text).toContain('insert into');
    expect(text).toContain('23505');
    expect(text).toContain('client_mobile_uq');
    expect(text).not.toContain('13800138000');
    expect(text).not.toContain('王小明');
  });
});
