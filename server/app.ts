// The Fastify application: plugins, the API under /api/v1, and the built client with its SPA
// fallback. `server.ts` listens; tests call `buildApp` and `app.inject`.
import { existsSync } from 'node:fs';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE } from '../contract/api';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { TimerMessage } from '../contract/cable';
import {
  EndedSessions,
  parseNotification,
  SESSIONS_ENDED_NOTIFY_CHANNEL,
  TIMER_NOTIFY_CHANNEL,
} from './cable/channels';
import { attachCable } from './cable/index';
import type { Config } from './config';
import type { OpenDatabase } from './db/database';
import {
  redactedErrorSerializer,
  redactLogArguments,
  redactLogFields,
  redactText,
} from './logging';
import { startDrawScheduler } from './draw/scheduler';
import { startContactDelivery } from './mail/delivery';
import { createMailer, type Mailer } from './mail/mailer';
import authPlugin from './plugins/auth';
import { clientFilesOptions, pageFor } from './plugins/client-files';
import errorsPlugin, { clientErrorHandler, frameworkErrors, sendError } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import servicesPlugin from './plugins/services';
import analyticsRoutes from './routes/analytics/index';
import appConfigRoutes from './routes/app-config/index';
import clickRoutes from './routes/clicks/index';
import contactRoutes from './routes/contact/index';
import demoRoutes from './routes/demo/index';
import drawRoutes from './routes/draws/index';
import healthRoutes from './routes/health/index';
import inviteRoutes from './routes/invites/index';
import prizeRoutes from './routes/prizes/index';
import questionnaireRoutes from './routes/questionnaires/index';
import rewardRoutes from './routes/prizes/rewards';
import userRoutes from './routes/users/index';
import walletRoutes from './routes/wallet/index';
import winningsRoutes from './routes/winnings/index';
import { createServices } from './services/index';
import { resolveJwtSecret } from './services/secrets';
import { createSmsSender, type SmsSender } from './sms/sender';
import { packagePath } from './package-root';

/** Request bodies of this API are a few fields; anything bigger is refused with 413. */
export const BODY_LIMIT_BYTES = 16 * 1024;

const defaultClientDir = packagePath('dist', 'client');

export interface BuildAppOptions {
  config: Config;
  db: OpenDatabase;
  sms?: SmsSender;
  /** Fastify logger settings; false silences it (tests). */
  logger?: FastifyServerOptions['logger'];
  /** The clock of the services; tests move it. */
  now?: () => Date;
  /** Where the built client lives (vite's outDir). */
  clientDir?: string;
  /** Closes draws on schedule (default on; tests that move the clock by hand turn it off). */
  scheduleDraws?: boolean;
  /** Mails contact messages (default: the mailer of SMTP_URL; null stores them only). */
  mailer?: Mailer | null;
  /** How often this instance mails contact messages that are due again (tests shorten it). */
  contactDeliveryIntervalMs?: number;
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    // Bodies are never logged; tokens and cookies in headers are hidden should a level show them.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'res.body'],
      censor: '[hidden]',
    },
    serializers: {
      // Query strings can carry a token (/cable?token=): request logs keep the path only.
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactText(request.url.split('?')[0] ?? ''),
        remoteAddress: request.ip,
      }),
      // A failed query's error repeats its values (a phone, a code hash): logged without them.
      err: redactedErrorSerializer,
    },
    formatters: { log: redactLogFields },
    hooks: {
      logMethod(args, method) {
        method.apply(this, redactLogArguments(args) as Parameters<typeof method>);
      },
    },
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Refusals by the router and by Node's HTTP parser leave in the API's error shape too.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const now = options.now ?? (() => new Date());
  const mailer = options.mailer === undefined ? createMailer(config) : options.mailer;
  const services = createServices({
    db: db.db,
    runPrepared: db.runPrepared,
    config,
    sms: options.sms ?? createSmsSender(config, app.log),
    ...(mailer ? { mailer } : {}),
    now,
    // Through the database, so apps connected to any instance hear it.
    broadcast: {
      timer: (message) => db.notify(TIMER_NOTIFY_CHANNEL, JSON.stringify(message)),
      sessionsEnded: (ended) => db.notify(SESSIONS_ENDED_NOTIFY_CHANNEL, JSON.stringify(ended)),
    },
    log: app.log,
  });

  await app.register(errorsPlugin);
  registerSecurityHeaders(app);
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(db.db, now),
  });
  await app.register(servicesPlugin, { services, reachability: db.reachability });
  const serverSecret = await resolveJwtSecret(db.db, config);
  await app.register(authPlugin, {
    secret: serverSecret,
    sessions: services.sessions,
  });

  await app.register(
    async (api) => {
      await api.register(userRoutes, {
        codeLimitPerPhone: config.CODE_LIMIT_PER_PHONE,
        codeLimitPerAddress: config.CODE_LIMIT_PER_ADDRESS,
        serverSecret,
      });
      await api.register(inviteRoutes);
      await api.register(clickRoutes);
      await api.register(analyticsRoutes);
      await api.register(demoRoutes, { config });
      await api.register(contactRoutes);
      await api.register(drawRoutes);
      await api.register(walletRoutes);
      await api.register(prizeRoutes);
      await api.register(questionnaireRoutes);
      await api.register(rewardRoutes);
      await api.register(winningsRoutes);
      await api.register(appConfigRoutes, { config });
      await api.register(healthRoutes);
    },
    { prefix: API_BASE },
  );

  app.decorate('cable', attachCable(app));

  // The first draw opens at start, so that no read ever has to open one.
  await services.draws.ensureOpen();
  const scheduler =
    options.scheduleDraws === false
      ? null
      : startDrawScheduler(services.draws, { now, log: app.log });
  // Every instance mails what is due, so messages go out whichever instance stored them.
  const contactDelivery = mailer
    ? startContactDelivery(services.contact, {
        log: app.log,
        ...(options.contactDeliveryIntervalMs === undefined
          ? {}
          : { intervalMs: options.contactDeliveryIntervalMs }),
      })
    : null;
  if (mailer) app.log.info(`Contact messages are mailed to ${config.CONTACT_EMAIL}`);
  else app.log.info('SMTP_URL is not set: contact messages are stored only (ops: messages list)');
  const unlisten = await db.listen(TIMER_NOTIFY_CHANNEL, {
    message: (payload) => {
      const message = parseNotification(TimerMessage, payload);
      if (!message) return;
      // A draw closed somewhere: this instance reads the new one and plans its next check.
      services.draws.forget();
      app.cable.broadcastTimer(message);
      scheduler?.wake();
    },
    // Broadcasts may have been missed while the connection was down: refetching is harmless.
    resumed: () => {
      services.draws.forget();
      app.cable.broadcastTimer({ refetch: true });
    },
  });
  // A socket whose session was revoked may be on any instance: each drops its own.
  const unlistenSessions = await db.listen(SESSIONS_ENDED_NOTIFY_CHANNEL, {
    message: (payload) => {
      const ended = parseNotification(EndedSessions, payload);
      if (ended) app.cable.endSessions(ended);
    },
    // Announcements may have been missed while the connection was down.
    resumed: () => void app.cable.recheckSessions(),
  });
  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await contactDelivery?.stop();
    mailer?.close();
    await unlisten();
    await unlistenSessions();
  });

  const clientDir = options.clientDir ?? defaultClientDir;
  const servesClient = existsSync(clientDir);
  if (servesClient) {
    await app.register(fastifyStatic, clientFilesOptions(clientDir));
    // `/` is a page too (an invite link's starting page has one of its own): without an index,
    // the static files would take it for a folder.
    app.get('/', (request, reply) =>
      reply.type('text/html').sendFile(pageFor(request.url, clientDir)),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html');
    // Client-side routes (/home, /login, ...) all load the app's one page, but for the first
    // screens built into pages of their own (/disclaimer, an invite link's /?code=...).
    if (servesClient && !isApi && path !== '/cable' && wantsPage) {
      return reply.type('text/html').sendFile(pageFor(request.url, clientDir));
    }
    return sendError(reply, 404, 'not_found', 'Not found');
  });

  return app;
}
