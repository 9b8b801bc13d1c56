import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const fails = (env: Record<string, string>, variable: string) => {
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(new RegExp(variable));
};

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      adminUsername: 'admin',
      adminMfaDefault: 'on',
      demoData: false,
      accessTokenTtl: 1800,
      refreshWindow: 600,
      sessionMaxAge: 43200,
      auditRetentionDays: 365,
      logLevel: 'info',
      trustProxy: false,
      metricsToken: undefined,
      logFormat: 'auto',
    });
    expect(
      loadConfig({ METRICS_TOKEN: 'a-metrics-token-of-32-characters', LOG_FORMAT: 'json' }),
    ).toMatchObject({
      metricsToken: 'a-metrics-token-of-32-characters',
      logFormat: 'json',
    });
    expect(c.dataDir.endsWith('data')).toBe(true);
  });
  it('stops on a bad value, naming the variable', () => {
    fails({ PORT: 'eighty' }, 'PORT');
    fails({ PORT: '70000' }, 'PORT');
    fails({ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL');
    fails({ SECRET_KEY: 'short' }, 'SECRET_KEY');
    fails({ ADMIN_USERNAME: 'ab' }, 'ADMIN_USERNAME');
    fails({ ADMIN_USERNAME: 'has space' }, 'ADMIN_USERNAME');
    fails({ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD');
    fails({ DEMO_DATA: 'yes' }, 'DEMO_DATA');
    fails({ ADMIN_MFA_DEFAULT: '0' }, 'ADMIN_MFA_DEFAULT');
    fails({ ADMIN_MFA_DEFAULT: 'OFF' }, 'ADMIN_MFA_DEFAULT');
    fails({ LOG_LEVEL: 'loud' }, 'LOG_LEVEL');
    fails({ ACCESS_TOKEN_TTL_SECONDS: '-5' }, 'ACCESS_TOKEN_TTL_SECONDS');
    fails({ ACCESS_TOKEN_TTL_SECONDS: '300', REFRESH_WINDOW_SECONDS: '600' }, 'REFRESH_WINDOW_SECONDS');
    fails({ AUDIT_RETENTION_DAYS: '0' }, 'AUDIT_RETENTION_DAYS');
    fails({ METRICS_TOKEN: 'too-short' }, 'METRICS_TOKEN');
    fails({ LOG_FORMAT: 'xml' }, 'LOG_FORMAT');
  });
  it('accepts good values', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      DEMO_DATA: '1',
      ADMIN_USERNAME: 'root_admin',
    });
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@127.0.0.1/db',
      demoData: true,
      adminUsername: 'root_admin',
    });
    expect(loadConfig({ ADMIN_MFA_DEFAULT: 'off' }).adminMfaDefault).toBe('off');
    expect(loadConfig({ ADMIN_MFA_DEFAULT: 'enforce' }).adminMfaDefault).toBe('enforce');
    expect(loadConfig({ ADMIN_MFA_DEFAULT: '' }).adminMfaDefault).toBe('on');
  });
});
