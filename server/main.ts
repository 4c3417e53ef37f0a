import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { createShutdownState } from './platform/http/graceful-shutdown.ts';

/** How long a shutdown may take to finish in-flight requests before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  const shutdownState = createShutdownState();
  const app = await buildApp(config, { shutdown: shutdownState });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness says 503 from now on, while requests are still served for SHUTDOWN_DRAIN_SECONDS: the proxy's
    // checks take this instance out before it stops taking connections (after which a new request would fail).
    shutdownState.begin();
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownDrainMs + SHUTDOWN_GRACE_MS);
    force.unref();
    const drained = new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    drained
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The one address to open: mails link to it and sign-in cookies belong to it, so another name for the same
  // machine (127.0.0.1) would look signed out.
  const url = config.publicOrigin ?? `http://localhost:${port}`;
  app.log.info(
    { url, port, database: config.databaseUrl ? 'postgres' : 'sqlite' },
    `Winc is running: open ${url}${config.publicOrigin ? '' : ' (set PUBLIC_ORIGIN to serve another address)'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
