/**
 * `pnpm backend`: the local backend in the foreground. Reads SUPABASE_LOCAL_PORT, SUPABASE_LOCAL_DATA_DIR,
 * SUPABASE_JWT_SECRET, SUPABASE_AUTH_CONFIRM_EMAIL, SUPABASE_AUTH_SITE_URL and SUPABASE_LOCAL_TRUST_PROXY
 * (`true` behind a reverse proxy: clients are told apart by X-Forwarded-For); `--reset` empties the data
 * folder first (the seed runs again).
 */
import { startBackend } from './backend.ts';
import { DEFAULT_PORT, readOptionsFromEnvironment } from './config.ts';
import { DataDirLockedError } from './data-dir-lock.ts';

const flags = process.argv.slice(2);
const unknownFlags = flags.filter((flag) => flag !== '--reset');
if (unknownFlags.length > 0) {
  console.error(`Unknown argument(s): ${unknownFlags.join(' ')}. Usage: pnpm backend [--reset]`);
  process.exit(2);
}

try {
  const options = readOptionsFromEnvironment(process.env);
  const backend = await startBackend({ ...options, reset: flags.includes('--reset') });
  console.log(
    [
      `Local backend ready on ${backend.url}`,
      `  API URL           ${backend.url}`,
      `  anon key          ${backend.anonKey}`,
      `  service_role key  ${backend.serviceRoleKey}`,
      `  Mail inbox        ${backend.url}/mail (auth e-mails are captured here, never sent)`,
      `  Data              ${options.dataDir}`,
      `  Sign-up           ${options.confirmEmail ? 'confirm by e-mail' : 'auto-confirmed'}`,
      backend.migrations.applied.length > 0
        ? `  Migrations run    ${backend.migrations.applied.join(', ')}`
        : '',
      backend.migrations.seeded ? '  Seed              applied (new database)' : '',
      'Press Ctrl-C to stop.',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  const shutDown = (signal: string) => {
    console.log(`\n${signal}: stopping the local backend…`);
    backend.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Stopping failed:', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutDown('SIGINT'));
  process.once('SIGTERM', () => shutDown('SIGTERM'));
} catch (error) {
  if (error instanceof DataDirLockedError) console.error(error.message);
  else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(
      `Port ${process.env.SUPABASE_LOCAL_PORT || DEFAULT_PORT} is in use. Stop what uses it, or set SUPABASE_LOCAL_PORT.`,
    );
  } else console.error(error);
  process.exit(1);
}
