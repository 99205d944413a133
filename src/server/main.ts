import './platform/require-node';
import path from 'node:path';
import { ConfigError, loadConfig } from './platform/config';
import { openContext } from './platform/bootstrap';
import { DataDirLockedError } from './platform/db/lock';
import { isEmpty, seedDemo } from './platform/db/seed-demo';
import { outboxChanged, startOutboxWorker } from './platform/mail/outbox';
import { buildApp } from './app';
import { startScheduler } from './platform/jobs/scheduler';
import { scheduledJobs } from './jobs';
import { setPlatformLog } from './platform/log';

async function main() {
  const config = loadConfig();
  if (config.databaseUrl && !config.appOriginConfigured) {
    // A server deployment is reached by its public name: links to localhost would reach nobody.
    throw new ConfigError('APP_ORIGIN must be set when DATABASE_URL is (e.g. APP_ORIGIN=https://lampstand.example.org).');
  }
  const { ctx, close } = await openContext(config);
  if (config.seedDemo && (await isEmpty(ctx.db))) {
    await seedDemo(ctx.db, config.churchTimeZone, ctx.files);
    console.log('Seeded the demo church. Sign in as admin@example.org with password Lampstand-demo-1.');
  }
  const app = await buildApp(ctx, { logger: { level: config.logLevel } });
  // Platform code outside requests (event bus, outbox, jobs, outages, password checks) logs here too.
  setPlatformLog(app.log);
  const outbox = config.smtpUrl
    ? startOutboxWorker(ctx.database, {
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        pollMs: config.outboxPollMs,
        onError: (err) => app.log.error({ err }, 'outbox delivery failed'),
        onDelivered: () => void ctx.bus.publish([outboxChanged()]).catch((err) => app.log.error({ err }, 'outbox event failed')),
      })
    : null;
  await app.listen({ port: config.port, host: config.host });
  const scheduler = startScheduler(ctx.db, scheduledJobs(ctx), {
    onError: (err, job) => app.log.error({ err, job }, 'scheduled job failed'),
    outage: ctx.database.outage,
  });
  app.log.info(
    `Lampstand is listening on http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`})`,
  );
  // Said at start-up because every e-mailed link (password reset, assignments, mentions) uses it.
  app.log.info(
    `Links in e-mails use ${config.appOrigin}${config.appOriginConfigured ? ' (APP_ORIGIN)' : '; set APP_ORIGIN to the address people open Lampstand at'}`,
  );
  app.log.info(
    config.s3
      ? `Files are kept in the S3 bucket ${config.s3.bucket} at ${config.s3.endpoint}`
      : `Files are kept on disk in ${path.join(config.dataDir, 'files')}; set the S3_* variables to keep them in a bucket`,
  );
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await scheduler.stop();
    await app.close();
    await outbox?.stop();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  if (err instanceof DataDirLockedError || err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
