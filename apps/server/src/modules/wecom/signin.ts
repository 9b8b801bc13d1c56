// WeCom sign-in (issue item 8): the login page's third-party dialog offers WeCom when an enabled
// customer-contact app exists; the popup goes through WeCom's web login (QR) or, for a sandbox app,
// through the sandbox's own member chooser, and lands on /auth-redirect with ?code=&state=. The code
// is exchanged here (auth/getuserinfo) for the WeCom userid, mapped to the bound staff user, and the
// same session as a password login is created. Unbound or disabled users are refused clearly.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type AuthProvider, envelopeOf, loginResult } from '@educrm/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { adminUser, wecomApp, wecomMember } from '../../db/schema';
import { type AuditSummary, said, writeAudit } from '../../lib/audit';
import { AppError, badRequest } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { ok } from '../../lib/list';
import { requestIp } from '../../lib/request-context';
import { WecomApiError } from '../../providers/wecom/client';
import { sandboxCorp } from '../../providers/wecom/simulator';
import type { AuthService } from '../auth/service';
import type { WecomGateway } from './gateway';

const STATE_TTL_MS = 10 * 60_000;
const SANDBOX_SSO = '/api/public/wecom/sandbox-sso';

export class WecomSignIn {
  constructor(
    private readonly db: Db,
    private readonly gateway: WecomGateway,
    private readonly auth: AuthService,
    private readonly secretKey: string,
    private readonly now: () => Date,
  ) {}

  private sign(text: string) {
    return createHmac('sha256', this.secretKey).update(`wecom-sso:${text}`).digest('base64url');
  }

  /** `appId.issuedAt.nonce.hmac`: binds the code to an app and expires in 10 minutes. */
  newState(appId: number): string {
    const body = `${appId}.${this.now().getTime()}.${randomBytes(9).toString('base64url')}`;
    return `${body}.${this.sign(body)}`;
  }

  private appIdOf(state: string): number | null {
    const parts = state.split('.');
    if (parts.length !== 4) return null;
    const body = parts.slice(0, 3).join('.');
    const expected = Buffer.from(this.sign(body));
    const got = Buffer.from(parts[3] as string);
    if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
    if (this.now().getTime() - Number(parts[1]) > STATE_TTL_MS) return null;
    return Number(parts[0]);
  }

  private async signInApp() {
    const [app] = await this.db
      .select()
      .from(wecomApp)
      .where(
        and(
          eq(wecomApp.kind, 'CUSTOMER_APP'),
          eq(wecomApp.status, 'ENABLED'),
          eq(wecomApp.deleted, false),
          isNotNull(wecomApp.agentId),
        ),
      )
      .orderBy(asc(wecomApp.id))
      .limit(1);
    return app ?? null;
  }

  async providers(origin: string): Promise<AuthProvider[]> {
    const app = await this.signInApp();
    if (!app) return [];
    const state = this.newState(app.id);
    const redirect = `${origin}/auth-redirect`;
    const authorizeUrl =
      app.mode === 'SANDBOX'
        ? `${origin}${SANDBOX_SSO}?state=${encodeURIComponent(state)}`
        : `https://login.work.weixin.qq.com/wwlogin/sso/login?login_type=CorpApp&appid=${encodeURIComponent(app.corpId)}&agentid=${app.agentId}&redirect_uri=${encodeURIComponent(redirect)}&state=${encodeURIComponent(state)}`;
    return [{ key: 'wecom', name: '企业微信', authorizeUrl }];
  }

  /** The sandbox's stand-in for WeCom's QR page: the bound members of the sandbox corp. */
  async sandboxPage(state: string): Promise<string | null> {
    const appId = this.appIdOf(state);
    if (!appId) return null;
    const [app] = await this.db.select().from(wecomApp).where(eq(wecomApp.id, appId));
    if (app?.mode !== 'SANDBOX') return null;
    const members = await this.db
      .select({ userid: wecomMember.userid, name: wecomMember.name, nickname: adminUser.nickname })
      .from(wecomMember)
      .innerJoin(adminUser, eq(adminUser.id, wecomMember.sysUserId))
      .where(and(eq(wecomMember.corpId, app.corpId), eq(wecomMember.deleted, false)))
      .orderBy(wecomMember.userid)
      .limit(50);
    const sim = sandboxCorp(app.corpId);
    const links = members
      .map((m) => {
        const code = sim.issueOauthCode(m.userid);
        const href = `/auth-redirect?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;
        return `<li><a href="${escapeHtml(href)}">${escapeHtml(m.name)} (${escapeHtml(m.userid)}) → ${escapeHtml(m.nickname)}</a></li>`;
      })
      .join('');
    return `<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>企业微信沙箱登录 · WeCom sandbox sign-in</title></head><body><h1>企业微信沙箱登录 · WeCom sandbox sign-in</h1><p>选择一个已绑定系统用户的成员 · Pick a member bound to a staff user</p><ul>${links || '<li>—</li>'}</ul></body></html>`;
  }

  /** Exchanges the code for the WeCom userid and creates the session of the bound staff user. */
  async login(code: string, state: string, req: FastifyRequest) {
    const ip = requestIp(req);
    const appId = this.appIdOf(state);
    if (!appId) throw badRequest('wecomLoginExpired');
    const [app] = await this.db
      .select()
      .from(wecomApp)
      .where(and(eq(wecomApp.id, appId), eq(wecomApp.deleted, false), eq(wecomApp.status, 'ENABLED')));
    if (!app) throw badRequest('wecomLoginExpired');
    let userid: string;
    try {
      const res = await this.gateway.clientFor(app).get('/cgi-bin/auth/getuserinfo', { code });
      userid = String(res.userid ?? res.UserId ?? '');
    } catch (e) {
      if (e instanceof WecomApiError && e.errcode === 40029) throw badRequest('wecomLoginExpired');
      if (e instanceof WecomApiError)
        throw new AppError(502, 'wecomApiFailed', { errcode: e.errcode, errmsg: e.errmsg });
      throw e;
    }
    if (!userid) throw badRequest('wecomLoginNotMember');
    const [row] = await this.db
      .select({ user: adminUser })
      .from(wecomMember)
      .innerJoin(adminUser, eq(adminUser.id, wecomMember.sysUserId))
      .where(
        and(
          eq(wecomMember.corpId, app.corpId),
          eq(wecomMember.userid, userid),
          eq(wecomMember.deleted, false),
          eq(adminUser.deleted, false),
        ),
      );
    const audit = (action: string, summary: AuditSummary, actorId: number | null = null) =>
      writeAudit(this.db, { actorId, action, targetType: 'wecom_member', targetId: userid, summary, ip });
    if (!row) {
      await audit(
        'auth.login.failed',
        said('WeCom member not bound to a staff user', { userid, wecomUnbound: true }),
      );
      throw badRequest('wecomLoginNotBound');
    }
    const user = row.user;
    if (user.status !== 'ENABLED') {
      await audit(
        'auth.login.failed',
        said('account disabled (WeCom sign-in)', { username: user.username, disabled: true }),
        user.id,
      );
      throw badRequest('loginDisabled');
    }
    // The same second step as a password sign-in when the account has one (or a role requires it).
    return this.auth.afterFirstFactor(user, req, this.now(), `WeCom ${app.corpId}/${userid}`);
  }
}

export const wecomSignInRoutes = async (app: FastifyInstance, opts: { signIn: WecomSignIn }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/admin/wecom-login',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        body: z.object({ code: z.string().min(1).max(512), state: z.string().min(1).max(200) }).strict(),
        // A token, or (accounts with a second step) the challenge for POST /api/v1/admin/login/mfa.
        response: { 200: envelopeOf(loginResult) },
      },
    },
    async (req) => ok(await opts.signIn.login(req.body.code, req.body.state, req)),
  );
  r.get(
    SANDBOX_SSO,
    {
      config: { access: { public: true } },
      schema: { hide: true, querystring: z.object({ state: z.string().min(1).max(200) }) },
    },
    async (req, reply) => {
      const page = await opts.signIn.sandboxPage(req.query.state);
      reply.code(page ? 200 : 400).type('text/html; charset=utf-8');
      return page ?? '<!doctype html><title>400</title><p>expired</p>';
    },
  );
};
