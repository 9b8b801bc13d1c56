// WeCom sign-in (issue item 8): the login page's third-party dialog offers WeCom when an enabled
// customer-contact app exists; the popup goes through WeCom's web login (QR) and lands on
// /auth-redirect with ?code=&state=. The code is exchanged here (auth/getuserinfo) for the WeCom
// userid, mapped to the bound staff user, and the same session as a password login is created.
// Unbound or disabled users are refused clearly. A sandbox app's corp has no QR page: its stand-in
// (a public member chooser, so anyone can sign in as a bound member) exists only for a demo, when
// the operator sets WECOM_DEMO_SIGNIN=1; otherwise sandbox apps offer no sign-in at all.
import { type AuthProvider, envelopeOf, loginResult } from '@educrm/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { adminUser, wecomApp, wecomMember } from '../../db/schema';
import { type AuditSummary, said, writeAudit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { ok } from '../../lib/list';
import { requestIp } from '../../lib/request-context';
import { WecomApiError } from '../../providers/wecom/client';
import { sandboxCorp } from '../../providers/wecom/simulator';
import type { AuthService } from '../auth/service';
import { signInNonceOf } from '../auth/signin-nonce';
import type { WecomGateway } from './gateway';
import { newSsoState, ssoStateApp } from './sso-state';

const SANDBOX_SSO = '/api/public/wecom/sandbox-sso';

export class WecomSignIn {
  constructor(
    private readonly db: Db,
    private readonly gateway: WecomGateway,
    private readonly auth: AuthService,
    private readonly secretKey: string,
    private readonly now: () => Date,
    /** WECOM_DEMO_SIGNIN: sandbox apps sign in through the public member chooser. */
    private readonly demoSignIn: boolean,
  ) {}

  private appIdOf(state: string, req: FastifyRequest): number | null {
    return ssoStateApp(this.secretKey, state, signInNonceOf(req), this.now());
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
          // LIVE apps; sandbox ones only for a demo
          this.demoSignIn ? undefined : eq(wecomApp.mode, 'LIVE'),
        ),
      )
      .orderBy(asc(wecomApp.id))
      .limit(1);
    return app ?? null;
  }

  async providers(origin: string, nonce: string): Promise<AuthProvider[]> {
    const app = await this.signInApp();
    if (!app) return [];
    const state = newSsoState(this.secretKey, app.id, nonce, this.now());
    const redirect = `${origin}/auth-redirect`;
    const demo = app.mode === 'SANDBOX';
    const authorizeUrl = demo
      ? `${origin}${SANDBOX_SSO}?state=${encodeURIComponent(state)}`
      : `https://login.work.weixin.qq.com/wwlogin/sso/login?login_type=CorpApp&appid=${encodeURIComponent(app.corpId)}&agentid=${app.agentId}&redirect_uri=${encodeURIComponent(redirect)}&state=${encodeURIComponent(state)}`;
    return [{ key: 'wecom', name: '企业微信', authorizeUrl, demo }];
  }

  /**
   * The sandbox's stand-in for WeCom's QR page (a demo only): the bound members of the sandbox
   * corp. 404 unless WECOM_DEMO_SIGNIN is on, null when the state is not this browser's or expired.
   */
  async sandboxPage(state: string, req: FastifyRequest): Promise<string | null> {
    if (!this.demoSignIn) throw notFound();
    const appId = this.appIdOf(state, req);
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
    const appId = this.appIdOf(state, req);
    if (!appId) throw badRequest('wecomLoginExpired');
    const [app] = await this.db
      .select()
      .from(wecomApp)
      .where(and(eq(wecomApp.id, appId), eq(wecomApp.deleted, false), eq(wecomApp.status, 'ENABLED')));
    if (!app) throw badRequest('wecomLoginExpired');
    // A sandbox corp's codes are handed out by a public page: they sign in only for a demo.
    if (app.mode !== 'LIVE' && !this.demoSignIn) throw new AppError(403, 'wecomDemoSignInOff');
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
      const page = await opts.signIn.sandboxPage(req.query.state, req);
      reply.code(page ? 200 : 400).type('text/html; charset=utf-8');
      return page ?? '<!doctype html><title>400</title><p>expired</p>';
    },
  );
};
