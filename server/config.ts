import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { fcmConfigFromEnv } from './modules/push/fcm-config';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Every environment variable the server reads; documented in README.md. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//i, 'must start with http:// or https://')
    .optional(),
  NODE_ENV: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isProxyAddress), 'must list IP addresses or CIDR ranges, separated by commas'),
  MAINTENANCE: bool,
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Wardnote <no-reply@wardnote.local>'),
  MAIL_LOG_TEXT: bool,
  SCRIBE_HOST_PREFIX: z.string().min(1).default('scribe.'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  PIN_VERIFICATION_MINUTES: z.coerce.number().positive().default(480),
  PIN_MAX_AGE_DAYS: z.coerce.number().positive().default(90),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOCKOUT_MINUTES: z.coerce.number().positive().default(15),
  SIGN_IN_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  SEED_DEMO: z.enum(['1', '0']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().default('./dist'),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(1024),
  FFMPEG_PATH: z.string().optional(),
  AUDIO_DECODER_CMD: z.string().optional(),
  FFMPEG_TIMEOUT_SECONDS: z.coerce.number().positive().default(300),
  TEST_AUDIO_CACHE_DIR: z.string().optional(),
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  STUCK_LETTER_HOURS: z.coerce.number().positive().max(720).default(24),
  RUN_JOBS: z.enum(['1', '0']).default('1'),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  RENDER_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
  RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(100),
  RENDER_TIME_LIMIT_SECONDS: z.coerce.number().positive().max(600).default(30),
  RENDER_MEMORY_MB: z.coerce.number().int().min(16).max(16_384).default(512),
  ATTACHMENT_CHECK_WORKERS: z.coerce.number().int().min(1).max(32).default(1),
  ATTACHMENT_CHECK_QUEUE: z.coerce.number().int().min(0).max(10_000).default(20),
  ATTACHMENT_CHECK_TIME_LIMIT_SECONDS: z.coerce.number().positive().max(600).default(10),
  ATTACHMENT_CHECK_MEMORY_MB: z.coerce.number().int().min(16).max(16_384).default(256),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['1', '0', 'true', 'false', 'yes', 'no']).optional(),
  FHIR_BASE_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//i, 'must start with http:// or https://')
    .optional(),
  FHIR_TOKEN: z.string().optional(),
  FHIR_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(8),
  FHIR_MRN_SYSTEM: z.string().optional(),
  /** The Firebase service-account key (JSON or a path): checked by fcmConfigFromEnv, never echoed. */
  FIREBASE_SERVICE_ACCOUNT: z.string().optional(),
  FCM_API_URL: z.string().optional(),
  PUSH_TEST_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isOrigin), 'must list origins such as http://127.0.0.1:4567, separated by commas'),
  FCM_TOKEN_URL: z.string().optional(),
  FHIR_TRUST_IDS: z
    .string()
    .regex(/^\d+(\s*,\s*\d+)*$/, 'must list trust ids (numbers), separated by commas')
    .optional(),
});

/** An origin as URL.origin writes it: scheme, host and port, nothing else. */
function isOrigin(entry: string): boolean {
  try {
    const url = new URL(entry);
    return /^https?:$/.test(url.protocol) && url.origin === entry;
  } catch {
    return false;
  }
}

/** An address or CIDR range proxy-addr understands (also its names `loopback`, `linklocal`, `uniquelocal`). */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [addr, bits, ...rest] = entry.split('/');
  const family = isIP(addr ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable means "not set" (as `FOO= npm start` or an empty line in an env file does).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.S3_BUCKET && !e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const production = e.NODE_ENV === 'production';
  // Read at start so that a malformed key stops the server here, with the reason, before any push.
  const fcm = fcmConfigFromEnv(e);
  if (production && e.MAIL_LOG_TEXT) {
    throw new Error('Invalid configuration:\n  MAIL_LOG_TEXT: prints reset links to the log and cannot be set when NODE_ENV=production');
  }
  if (production && e.PUSH_TEST_ORIGINS.length) {
    throw new Error('Invalid configuration:\n  PUSH_TEST_ORIGINS: is for tests only and cannot be set when NODE_ENV=production');
  }
  if (production && !e.PUBLIC_URL) {
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: must be set when NODE_ENV=production (the address users open, used in links sent by e-mail)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    /** Origin of links in e-mails; unset, the server's own listening origin (never a request's Host). */
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    production,
    /** Proxies whose X-Forwarded-* headers are believed (client IP for rate limits and audit); none by default. */
    trustProxy: e.TRUST_PROXY,
    maintenance: e.MAINTENANCE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** Development only: the local mailbox prints each message's text (reset links) to the log. Off by default. */
    mailLogText: e.MAIL_LOG_TEXT,
    /**
     * Tests only: origins of in-test push services (loopback, plain http) that Web Push may send to
     * though they break the endpoint rules (https, port 443, public addresses). Empty by default.
     */
    pushTestOrigins: e.PUSH_TEST_ORIGINS,
    /** Firebase Cloud Messaging for registration tokens when a service-account key is given; else null. */
    fcm,
    /** MESH_* as given: read by server/adapters/mesh/mesh-config.ts (GP electronic delivery). */
    meshEnv: Object.fromEntries(Object.entries(given).filter(([k]) => k.startsWith('MESH_'))) as Record<string, string | undefined>,
    scribeHostPrefix: e.SCRIBE_HOST_PREFIX,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    pinVerificationMs: e.PIN_VERIFICATION_MINUTES * 60_000,
    pinMaxAgeMs: e.PIN_MAX_AGE_DAYS * 86_400_000,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    lockoutMs: e.LOCKOUT_MINUTES * 60_000,
    /** Sign-ins (and PIN checks) per client address a minute: a trust whose staff share one address without TRUST_PROXY may raise it. */
    signInLimitPerMinute: e.SIGN_IN_LIMIT_PER_MINUTE,
    seedDemo: e.SEED_DEMO === '1',
    logLevel: e.LOG_LEVEL,
    staticDir: path.resolve(e.STATIC_DIR),
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    ffmpegPath: e.FFMPEG_PATH,
    audioDecoderCmd: e.AUDIO_DECODER_CMD,
    /** Wall-clock limit for every ffmpeg and external decoder run; over it, the process group is killed. */
    ffmpegTimeoutMs: e.FFMPEG_TIMEOUT_SECONDS * 1000,
    /** Tests only: converted audio kept by content hash across the run's servers (server/adapters/audio-test-cache.ts). */
    testAudioCacheDir: e.TEST_AUDIO_CACHE_DIR ? path.resolve(e.TEST_AUDIO_CACHE_DIR) : undefined,
    /** Live lists: how often an open event stream gets a keep-alive comment and its session is re-checked. */
    liveHeartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000,
    /** An approved letter with a copy not delivered or posted this long after approval is stuck (issue 13). */
    stuckLetterHours: e.STUCK_LETTER_HOURS,
    runJobs: e.RUN_JOBS === '1',
    /** Background jobs run at once in this process (jobs of one dictation never run together). */
    jobConcurrency: e.JOB_CONCURRENCY,
    /**
     * Letters are laid out (PDF, DOCX, the print queue's pile) on this many worker threads, each job
     * stopped after the time limit and each worker's heap capped; this many more may wait (issue 22).
     */
    render: {
      workers: e.RENDER_WORKERS,
      queue: e.RENDER_QUEUE,
      timeLimitMs: Math.round(e.RENDER_TIME_LIMIT_SECONDS * 1000),
      memoryMb: e.RENDER_MEMORY_MB,
    },
    /**
     * Uploaded attachments are checked (unpacked, decoded, searched) on this many worker threads, each
     * check stopped after the time limit and each worker's heap capped; this many more may wait (issue 22).
     */
    attachmentCheck: {
      workers: e.ATTACHMENT_CHECK_WORKERS,
      queue: e.ATTACHMENT_CHECK_QUEUE,
      timeLimitMs: Math.round(e.ATTACHMENT_CHECK_TIME_LIMIT_SECONDS * 1000),
      memoryMb: e.ATTACHMENT_CHECK_MEMORY_MB,
    },
    /** Audio and uploads go to this S3-compatible bucket instead of DATA_DIR when set. */
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          // Most self-hosted S3-compatible servers (MinIO, Ceph) need path-style addressing.
          forcePathStyle:
            e.S3_FORCE_PATH_STYLE === undefined ? Boolean(e.S3_ENDPOINT) : ['1', 'true', 'yes'].includes(e.S3_FORCE_PATH_STYLE),
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : null,
    /** Patients and appointments come from this FHIR R4 server instead of the embedded index when set. */
    fhir: e.FHIR_BASE_URL
      ? {
          baseUrl: e.FHIR_BASE_URL.replace(/\/+$/, ''),
          token: e.FHIR_TOKEN,
          timeoutMs: e.FHIR_TIMEOUT_SECONDS * 1000,
          mrnSystem: e.FHIR_MRN_SYSTEM,
          /** Trusts whose patients the server holds; null: every trust of this deployment. */
          trustIds: e.FHIR_TRUST_IDS ? e.FHIR_TRUST_IDS.split(',').map((t) => Number(t.trim())) : null,
        }
      : null,
  };
}
