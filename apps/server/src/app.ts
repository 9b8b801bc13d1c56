import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { sealPlainTokens } from './db/seal-tokens';
import { registerQueueOps } from './jobs/ops';
import { JobQueue } from './jobs/queue';
import { RequestLogController, requestIdFor } from './lib/logging';
import { safeErrSerializer } from './lib/safe-error';
import { SecretBox } from './lib/secret-box';
import { inputValidator } from './lib/validator';
import { MfaService } from './modules/auth/mfa';
import { mfaRoutes } from './modules/auth/mfa.routes';
import { authRoutes } from './modules/auth/routes';
import { AuthService } from './modules/auth/service';
import { SessionService } from './modules/auth/sessions';
import { CallService } from './modules/calls/calls.service';
import { scriptExporter } from './modules/calls/exporters';
import { NumberService } from './modules/calls/numbers.service';
import { callRoutes } from './modules/calls/routes';
import { ScriptService } from './modules/calls/scripts.service';
import { OutboundSettingsService } from './modules/calls/settings.service';
import { SmsService } from './modules/calls/sms.service';
import { ClientService } from './modules/clients/clients.service';
import { PoolConfigCache } from './modules/clients/common';
import { clientExporter, followUpExporter } from './modules/clients/exporters';
import { followUpRoutes } from './modules/clients/follow-ups.routes';
import { FollowUpService } from './modules/clients/follow-ups.service';
import { ClientImportService } from './modules/clients/import.service';
import { NotificationService, notificationRoutes } from './modules/clients/notifications';
import { PoolService } from './modules/clients/pool.service';
import { clientRoutes } from './modules/clients/routes';
import { ClientTagService } from './modules/clients/tags.service';
import { ClassService } from './modules/courses/classes.service';
import { CourseUserService } from './modules/courses/course-users.service';
import {
  classExporter,
  courseUserExporter,
  liveAttendanceExporter,
  memberExporter,
  studentExporter,
} from './modules/courses/exporters';
import { liveRoutes } from './modules/courses/live.routes';
import { LiveService } from './modules/courses/live.service';
import { courseRoutes } from './modules/courses/routes';
import { StudentService } from './modules/courses/students.service';
import { dataCentreRoutes } from './modules/data-centre/routes';
import { DataCentreService } from './modules/data-centre/service';
import { dictionaryRoutes } from './modules/dictionaries/routes';
import { DictionaryService } from './modules/dictionaries/service';
import { exportRoutes } from './modules/exports/routes';
import { type ExporterFactory, ExportService } from './modules/exports/service';
import { fileRoutes } from './modules/files/routes';
import { FileService, IMAGE_MAX_BYTES } from './modules/files/service';
import { MemberService } from './modules/members/members.service';
import { memberRoutes } from './modules/members/routes';
import { registerOps } from './modules/ops';
import { DashboardService } from './modules/orders/dashboard.service';
import { DealService } from './modules/orders/deals.service';
import { dealExporter, orderExporter } from './modules/orders/exporters';
import { OrderService } from './modules/orders/orders.service';
import { orderRoutes } from './modules/orders/routes';
import { CategoryService } from './modules/products/categories.service';
import { ProductService } from './modules/products/products.service';
import { productRoutes } from './modules/products/routes';
import { adminUserRoutes } from './modules/system/admin-users.routes';
import { AdminUserService } from './modules/system/admin-users.service';
import { auditRoutes } from './modules/system/audit.routes';
import { AuditService } from './modules/system/audit.service';
import { departmentRoutes } from './modules/system/departments.routes';
import { DepartmentService } from './modules/system/departments.service';
import { adminUserExporter, auditExporter } from './modules/system/exporters';
import { jobRoutes } from './modules/system/jobs.routes';
import { loginLockRoutes } from './modules/system/login-locks.routes';
import { profileRoutes } from './modules/system/profile.routes';
import { ProfileService } from './modules/system/profile.service';
import { roleRoutes } from './modules/system/roles.routes';
import { RoleService } from './modules/system/roles.service';
import { HourService } from './modules/teaching/hours.service';
import { LessonService } from './modules/teaching/lessons.service';
import { RollCallService } from './modules/teaching/rollcall.service';
import { teachingRoutes } from './modules/teaching/routes';
import { TeachingSettingsService } from './modules/teaching/settings.service';
import { registerWecom } from './modules/wecom';
import { WecomContacts } from './modules/wecom/contacts';
import { registerWecomAcquisition } from './modules/wecom-acquisition';
import { workbenchRoutes } from './modules/workbench/routes';
import { TodoService } from './modules/workbench/todo.service';
import { accessPlugin } from './plugins/access';
import { registerApiCompression } from './plugins/compress';
import { clientErrorHandler, registerErrorHandling, registerUrlLimit, sendError } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { ProviderRegistry } from './providers/registry';
import type { AppDeps } from './types';

/** Every logged error goes through the serializer that drops query parameters (client data). */
const withSafeErrors = (logger: AppDeps['logger']): FastifyServerOptions['logger'] =>
  logger && typeof logger === 'object'
    ? {
        ...logger,
        serializers: { ...(logger as { serializers?: object }).serializers, err: safeErrSerializer },
      }
    : (logger ?? false);

/** Builds the HTTP application; main.ts listens, tests use `app.inject`. */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    // main.ts passes its own logger (createLogger, which uses the same safe `err` serializer).
    ...(deps.loggerInstance
      ? { loggerInstance: deps.loggerInstance }
      : { logger: withSafeErrors(deps.logger) }),
    logController: new RequestLogController(),
    genReqId: requestIdFor,
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    requestTimeout: 120_000,
    ajv: { customOptions: { removeAdditional: false } },
    clientErrorHandler,
    frameworkErrors: (_err, req, reply) => sendError(req, reply, 400, 'badRequest'),
  });
  const queue =
    deps.queue ??
    new JobQueue(deps.database, {
      log: app.log,
      now,
      heartbeatSeconds: deps.config.jobHeartbeatSeconds,
      pollingIntervalSeconds: deps.config.jobPollSeconds,
    });
  app.addHook('onClose', () => queue.stop());
  app.decorate('deps', { ...deps, now, queue });
  app.decorate('db', deps.database.db);
  // The API speaks JSON; other bodies get 415 rather than a confusing validation error.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(inputValidator);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerUrlLimit(app);
  await registerSecurityHeaders(app);
  registerApiCompression(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'EduCRM API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The UI's own CSP must not reintroduce what ours leaves out (blank page over plain HTTP).
    transformStaticCSP: (header) =>
      header
        .replace(/upgrade-insecure-requests;?/, '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace("base-uri 'self'", "base-uri 'none'"),
  });

  const sessions = new SessionService(deps.database, deps.secretKey, {
    accessTtl: deps.config.accessTokenTtl,
    refreshWindow: deps.config.refreshWindow,
    sessionMaxAge: deps.config.sessionMaxAge,
  });
  await deps.database.listen(
    'educrm_auth',
    () => sessions.cache.clear(),
    (listening) => sessions.cache.setListening(listening),
  );
  const mfa = new MfaService(deps.database.db, deps.secretKey, now);
  const auth = new AuthService(deps.database.db, sessions, now, deps.scrypt, mfa);
  await app.register(accessPlugin, { sessions });
  await registerOps(app, { recentErrors: deps.recentErrors, metricsToken: deps.config.metricsToken });
  registerQueueOps(app.ops, queue);
  await app.register(authRoutes, { auth, sessions });
  await app.register(mfaRoutes, { auth, mfa });
  await app.register(loginLockRoutes);
  await app.register(jobRoutes);

  const db = deps.database.db;
  // Uploads: one file of at most 2 MB per request (images); imports set their own limit per route.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  const files = new FileService(db);
  await app.register(fileRoutes, { files, sessions });
  const exports = new ExportService(
    db,
    deps.secretKey,
    now,
    app.log,
    queue,
    deps.config.exportBackgroundRows,
  );
  const users = new AdminUserService(db, sessions, now, deps.scrypt);
  await app.register(exportRoutes, { exports });
  await app.register(adminUserRoutes, { users, exports });
  await app.register(departmentRoutes, { depts: new DepartmentService(db) });
  await app.register(roleRoutes, { roles: new RoleService(db) });
  const audit = new AuditService(db);
  await app.register(auditRoutes, { audit, exports });
  await app.register(profileRoutes, {
    profiles: new ProfileService(db, sessions, now, files, deps.scrypt),
    users,
  });

  // Client management: dictionaries, clients and the pool, follow-ups, reminders.
  await app.register(dictionaryRoutes, { dicts: new DictionaryService(db, now) });
  const poolConfig = new PoolConfigCache(db);
  const clients = new ClientService(db, now, poolConfig);
  await app.register(clientRoutes, {
    clients,
    pool: new PoolService(db, now, poolConfig),
    tags: new ClientTagService(db, now),
    imports: new ClientImportService(db, clients, deps.secretKey, now, app.log, queue),
    exports,
  });
  const followUps = new FollowUpService(db, now);
  await app.register(followUpRoutes, { followUps, exports });
  await app.register(notificationRoutes, { notifications: new NotificationService(db, now) });

  // Products, orders and refunds, deal history, dashboard figures.
  const categories = new CategoryService(db);
  await app.register(productRoutes, { categories, products: new ProductService(db, categories, now) });
  const orders = new OrderService(db, now);
  const deals = new DealService(db);
  await app.register(orderRoutes, {
    orders,
    deals,
    dashboard: new DashboardService(db, now),
    exports,
  });

  await sealPlainTokens(db, new SecretBox(deps.secretKey));
  // Outbound calls and SMS: numbers, calls with their receipts, scripts, SMS, provider settings.
  const providers = new ProviderRegistry(db, deps.secretKey, now);
  const callNumbers = new NumberService(db, now);
  const callScripts = new ScriptService(db, now);
  const sms = new SmsService(db, now, providers, followUps);
  await app.register(callRoutes, {
    numbers: callNumbers,
    scripts: callScripts,
    calls: new CallService(db, now, providers, callNumbers, callScripts, followUps),
    sms,
    settings: new OutboundSettingsService(db, providers),
    registry: providers,
    exports,
  });
  // Enterprise WeChat: apps, sync, callbacks.
  const wecom = await registerWecom(app, {
    db,
    secretKey: deps.secretKey,
    config: deps.config,
    now,
    auth,
    clients,
    exports,
  });
  await registerWecomAcquisition(app, {
    db,
    now,
    queue,
    box: wecom.box,
    gateway: wecom.gateway,
    callbacks: wecom.callbacks,
    kick: () => void wecom.worker.kick(),
    passes: wecom.worker.extra,
  });
  // The workbench's to-do list: counts through the lists' own filters (issue 42).
  await app.register(workbenchRoutes, {
    todo: new TodoService(db, now, { clients, orders, wecom: new WecomContacts(db), sms }),
  });
  // Background exports are rebuilt from their stored filters by whichever server runs the job.
  const exporterKinds: [string, ExporterFactory][] = [
    ['admin-users', (p, f, lang) => adminUserExporter(users, p, f, lang)],
    ['audit-log', (_p, f, lang) => auditExporter(audit, f, lang)],
    ['clients', (p, f, lang) => clientExporter(clients, p, f, lang)],
    ['follow-ups', (p, f, lang) => followUpExporter(followUps, p, f, lang)],
    ['orders', (p, f, lang) => orderExporter(orders, p, f, lang)],
    ['deals', (p, f, lang) => dealExporter(deals, p, f, lang)],
    ['call-scripts', (p, f, lang) => scriptExporter(callScripts, p, f, lang)],
  ];
  for (const [kind, factory] of exporterKinds) exports.registerKind(kind, factory);
  // Courses and members: classes, class students, course users (enrolled by paid orders), members.
  const students = new StudentService(db, now);
  const courseUsers = new CourseUserService(db, now);
  const classes = new ClassService(db, now);
  const members = new MemberService(db, now);
  await app.register(courseRoutes, { classes, students, courseUsers, exports });
  await app.register(memberRoutes, { members, students, courseUsers, exports });
  const courseExporterKinds: [string, ExporterFactory][] = [
    ['classes', (_p, f, lang) => classExporter(classes, f, lang)],
    ['class-students', (p, f, lang) => studentExporter(students, p, f, lang)],
    ['course-users', (p, f, lang) => courseUserExporter(courseUsers, p, f, lang)],
    ['members', (_p, f, lang) => memberExporter(members, f, lang)],
  ];
  for (const [kind, factory] of courseExporterKinds) exports.registerKind(kind, factory);
  const live = new LiveService(db, now, deps.secretKey);
  await app.register(liveRoutes, { live, exports });
  exports.registerKind('live-attendance', (_p, f, lang) => liveAttendanceExporter(live, f, lang));
  // Teaching delivery: rooms, lessons, roll calls, course hours (docs/teaching.md).
  await app.register(teachingRoutes, {
    lessons: new LessonService(db, now),
    rollCalls: new RollCallService(db, now),
    hours: new HourService(db, now),
    settings: new TeachingSettingsService(db, now),
  });

  // Data centre: metrics from the daily aggregates and live days (DOMAIN 2).
  await app.register(dataCentreRoutes, {
    data: new DataCentreService(db, now, queue),
    exports,
  });
  await registerSpa(app, deps.webDistDir);
  return app;
};
