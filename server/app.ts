import { E } from '../src/domain/contract/endpoints';
import { route } from './lib/route';
import Fastify, { type FastifyError, type FastifyInstance, type RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { randomUUID } from 'node:crypto';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorOf, REFUSED_FALLBACK, STATUS_FALLBACK, type ErrorCode } from '../src/domain/contract/errors';
import type { Config } from './config';
import type { Db } from './db/client';
import { createMailer, linkOrigin, type Mailer } from './adapters/mail';
import { AppError, safeErrorSummary, appError } from './lib/errors';
import requestAuth, { ANONYMOUS_BODY_LIMIT } from './modules/auth/request-auth';
import idempotency from './lib/idempotency';
import { createAuthService } from './modules/auth/auth.service';
import { createLockout } from './modules/auth/lockout';
import { authRoutes } from './modules/auth/auth.routes';
import { createUserService } from './modules/user/user.service';
import { userRoutes } from './modules/user/user.routes';
import { createPasswordService } from './modules/password/password.service';
import { passwordRoutes } from './modules/password/password.routes';
import { redactTokenPaths } from './modules/password/token-paths';
import { usersRoutes } from './modules/users/users.routes';
import { isMaintenanceOn } from './modules/system/maintenance';
import { registerSpa } from './modules/system/spa';
import path from 'node:path';
import { createAudioTools, isBundledFfmpeg, resolveFfmpeg } from './adapters/audio';
import { withTestConversionCache } from './adapters/audio-test-cache';
import { createFileStorage, createScratch, type AudioStorage } from './adapters/storage';
import { createS3Storage } from './adapters/s3-storage';
import { createJobQueue, type JobQueue } from './lib/jobs';
import { createUrlSigner, loadSigningKey } from './lib/signed-url';
import { createUploads, registerUploadRoutes, type Uploads } from './modules/uploads/tus';
import { createDictationService } from './modules/dictations/dictations.service';
import { dictationRoutes } from './modules/dictations/dictations.routes';
import { registerAudioJobs } from './modules/dictations/audio.jobs';
import { dictationOptionsRoutes } from './modules/dictations/options.routes';
import { worklistRoutes } from './modules/worklist/worklist.routes';
import { lettersRoutes } from './modules/letters/letters.routes';
import { autotextRoutes } from './modules/autotext/autotext.routes';
import { patientsRoutes } from './modules/patients/patients.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { outsourcingRoutes } from './modules/outsourcing/outsourcing.routes';
import { attachmentsRoutes } from './modules/attachments/attachments.routes';
import { createAttachmentChecker } from './modules/attachments/attachment-check-pool';
import { searchRoutes } from './modules/search/search.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { pushRoutes } from './modules/push/push.routes';
import type { Resolve } from './lib/public-address';
import { createRenderPool } from './modules/documents/render-pool';
import { createGpDelivery } from './adapters/mesh/mesh-gp-delivery';
import type { GpDelivery } from './adapters/gp-delivery';
import { createDistribution } from './modules/distribution/distribution.service';
import { distributionRoutes } from './modules/distribution/distribution.routes';
import { adminStructureRoutes } from './modules/admin-structure/admin-structure.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { adminTrustsRoutes } from './modules/admin-trusts/admin-trusts.routes';
import { adminGroupsRoutes } from './modules/admin-groups/admin-groups.routes';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes';
import { createAdminUsersService } from './modules/admin-users/admin-users.service';
import { knowledgeBaseRoutes } from './modules/knowledge-base/knowledge-base.routes';
import { printLinkRoutes } from './modules/print-link/print-link.routes';
import { stuckLettersRoutes } from './modules/stuck-letters/stuck-letters.routes';
import { distributionSettingsRoutes } from './modules/distribution-settings/distribution-settings.routes';
import { delegationsRoutes } from './modules/delegations/delegations.routes';
import { createDistributionSettings } from './modules/distribution-settings/distribution-settings.service';
import { liveRoutes } from './modules/live/live.routes';
import { registerSecurityHeaders } from './lib/security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background parts the process owner starts and stops (main.ts, tests). */
    wardnote: { jobs: JobQueue; uploads: Uploads; storage: AudioStorage };
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  mailer?: Mailer;
  /** GP electronic delivery; by default MESH from MESH_* (config.meshEnv), or GP copies to print. */
  gpDelivery?: GpDelivery;
  /** Set false in API tests that do not need the built client. */
  serveClient?: boolean;
  /** Where log lines go (stdout by default); tests read them. */
  logStream?: NodeJS.WritableStream;
  /** How push endpoints' host names are resolved (the system resolver by default); tests give their own. */
  pushResolve?: Resolve;
  /** Told of every route, with its schemas, as it is registered: the tests that probe every endpoint find them so. */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The messages of a refused body or query, by field. A contract message may name its field already
 * ("search_key: choose …"): the field's own list holds it without the name, and the answer's message names
 * the field once (issue 23: never "search_key: search_key: …"), for every endpoint.
 */
export function fieldErrors(validation: { instancePath: string; message?: string }[]) {
  const fields: Record<string, string[]> = {};
  for (const v of validation) {
    const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    const last = key.split('.').at(-1)!;
    const message = (v.message ?? 'Invalid value.').replace(new RegExp(`^(?:${escapeRegExp(key)}|${escapeRegExp(last)}):\\s*`), '');
    (fields[key] ??= []).push(message);
  }
  return fields;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The one message of a refused body or query: its first field's first message, naming the field once. */
export function validationMessage(fields: Record<string, string[]>): string {
  const first = Object.entries(fields)[0];
  if (!first) return 'Check what you entered.';
  const [key, [text]] = first as [string, [string]];
  return key === '_' ? text : `${key}: ${text}`;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            // Query strings can carry signed audio links and reset tokens: logs get the path only,
            // with any token in it redacted.
            serializers: {
              req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
                method: req.method,
                path: redactTokenPaths(req.url.split('?')[0]!),
                host: req.hostname,
              }),
            },
          },
    // X-Forwarded-* only from the configured proxies: anyone else could pick their own client IP.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    // Unrouted addresses and open routes; guarded routes read more once authenticated (request-auth.ts).
    bodyLimit: ANONYMOUS_BODY_LIMIT,
    genReqId: () => randomUUID(),
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        // No manifest-src: WebKit does not know it and warns on every load; default-src covers it.
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
  });
  // JSON answers above 1 KB are compressed (br, else gzip); the built app is precompressed (spa.ts).
  // Request bodies are never inflated: uploads and JSON are read as sent.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => appError('too_many_requests'),
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ message: error.message, code: error.code, errors: error.fields });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const message = validationMessage(errors);
      const { status, code } = errorOf('validation', message);
      return reply.status(status).send({ message, code, errors });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status < 500) {
      return reply
        .status(status)
        .send({ message: STATUS_FALLBACK[status] ?? REFUSED_FALLBACK, code: error.code ?? ('bad_request' satisfies ErrorCode) });
    }
    // Never the error itself: database errors carry the SQL with its parameters (patient data).
    req.log.error(
      { error: safeErrorSummary(error), method: req.method, route: req.routeOptions.url, correlation_id: req.id },
      'unhandled error',
    );
    const { status: serverStatus, code, message } = errorOf('server_error');
    return reply.status(serverStatus).send({ message, code, correlation_id: req.id });
  });

  // API answers carry tokens and patient data: no cache may keep them, unless a route says otherwise.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/') && (await isMaintenanceOn(db, config.maintenance))) {
      throw appError('maintenance');
    }
  });

  // Signed links (audio, attachments, print links) are checked by the same hook as bearer tokens.
  const signer = createUrlSigner(await loadSigningKey(db));
  await app.register(requestAuth, { db, pinWindowMs: config.pinVerificationMs, signer });
  await app.register(idempotency, { db });

  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: app.log, logText: config.mailLogText });
  const mailLinkOrigin = () => linkOrigin(config.publicUrl, app.server, config.port);
  if (!config.publicUrl) {
    app.addHook('onListen', async () => {
      app.log.info(`PUBLIC_URL is not set: links in e-mails point to ${mailLinkOrigin()}`);
    });
  }
  const lockout = createLockout(db, { maxFailures: config.loginMaxFailures, lockoutMs: config.lockoutMs });
  const pinCfg = { pinWindowMs: config.pinVerificationMs, pinMaxAgeMs: config.pinMaxAgeMs };
  await app.register(authRoutes, { auth: createAuthService(db, config, lockout), perMinute: config.signInLimitPerMinute });
  await app.register(userRoutes, { users: createUserService(db, pinCfg) });
  await app.register(passwordRoutes, {
    passwords: createPasswordService({ db, mailer, linkOrigin: mailLinkOrigin, lockout }),
  });
  const adminUsers = createAdminUsersService({ db, mailer, linkOrigin: mailLinkOrigin });
  await app.register(usersRoutes, { users: adminUsers });

  const scratch = createScratch(path.join(config.dataDir, 'tmp'));
  const storage = config.s3 ? createS3Storage(config.s3, scratch) : createFileStorage(path.join(config.dataDir, 'files'));
  const ffmpeg = resolveFfmpeg(config.ffmpegPath);
  if (isBundledFfmpeg(ffmpeg))
    app.log.warn(
      `Using the bundled ffmpeg (${ffmpeg}), a 2018 build without security fixes: install the system's ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH.`,
    );
  const audio = withTestConversionCache(
    createAudioTools(ffmpeg, { decoderCmd: config.audioDecoderCmd, timeoutMs: config.ffmpegTimeoutMs }),
    config.testAudioCacheDir,
  );
  const jobs = createJobQueue(db, app.log, { concurrency: config.jobConcurrency });
  registerAudioJobs(jobs, { db, audio, storage, scratch });
  const uploads = createUploads({
    db,
    directory: path.join(config.dataDir, 'uploads'),
    s3: config.s3,
    scratch,
    maxSizeBytes: config.maxUploadBytes,
  });
  registerUploadRoutes(app, uploads);
  await app.register(dictationRoutes, { dictations: createDictationService({ db, uploads, storage, audio, jobs, signer }) });
  await app.register(dictationOptionsRoutes, { db });
  await app.register(worklistRoutes, { db });
  // Letters are laid out on a pool of worker threads with a time and memory limit per letter, shared
  // by the documents, the print queue, print links and delivery.
  const renderer = createRenderPool(config.render);
  app.addHook('onClose', () => renderer.close());
  const gp = deps.gpDelivery ?? createGpDelivery(config.meshEnv);
  const distribution = createDistribution({
    db,
    jobs,
    mailer,
    gp,
    renderer,
    log: app.log,
  });
  await app.register(lettersRoutes, { db, config, distribution });
  await app.register(autotextRoutes, { db, config });
  await app.register(patientsRoutes, { db, config });
  await app.register(documentsRoutes, { db, renderer });
  await app.register(distributionRoutes, { db, distribution, renderer });
  await app.register(printLinkRoutes, { db, renderer, pinWindowMs: config.pinVerificationMs });
  await app.register(outsourcingRoutes, { db });
  // Uploaded attachments are checked on worker threads too, each check with a time and memory limit.
  const checker = createAttachmentChecker(config.attachmentCheck);
  app.addHook('onClose', () => checker.close());
  await app.register(attachmentsRoutes, { db, storage, uploads, signer, checker });
  await app.register(searchRoutes, { db });
  await app.register(notificationsRoutes, { db, jobs, mailer, linkOrigin: mailLinkOrigin });
  await app.register(stuckLettersRoutes, { db, jobs, mailer, hours: config.stuckLetterHours, linkOrigin: mailLinkOrigin });
  await app.register(distributionSettingsRoutes, {
    service: createDistributionSettings({ db, gp, defaultStuckHours: config.stuckLetterHours }),
  });
  await app.register(delegationsRoutes, { db });
  await app.register(pushRoutes, { db, config, jobs, resolve: deps.pushResolve });
  await app.register(adminStructureRoutes, { db });
  await app.register(knowledgeBaseRoutes, { db });
  await app.register(auditRoutes, { db });
  await app.register(settingsRoutes, { db });
  await app.register(adminTrustsRoutes, { db });
  await app.register(adminGroupsRoutes, { db });
  await app.register(adminUsersRoutes, { db, users: adminUsers });
  await app.register(liveRoutes, { db, pinWindowMs: config.pinVerificationMs, heartbeatMs: config.liveHeartbeatMs });
  app.decorate('wardnote', { jobs, uploads, storage });
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  route(app, E.health, async () => ({ status: 'ok' as const }));

  const sendIndex = deps.serveClient === false ? false : await registerSpa(app, config);
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || req.method !== 'GET' || !sendIndex) {
      const { status, code, message } = errorOf('not_found');
      return reply.status(status).send({ message, code });
    }
    return sendIndex(req, reply);
  });
  return app;
}
