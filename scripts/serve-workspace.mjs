// Serves the production build of the composed workspace the way its CDNs would: the shell on its own
// origin and each remote on its own port, with the caching and CORS headers of a real deploy.
//   node scripts/serve-workspace.mjs          (PORT sets the shell's port, default 3000; remotes use PORT+1..4)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The remotes, in the order their ports follow the shell's. */
export const REMOTE_PACKAGES = [
  { container: 'mf_writings', folder: 'mf-writings' },
  { container: 'mf_ideas', folder: 'mf-ideas' },
  { container: 'mf_chat', folder: 'mf-chat' },
  { container: 'mf_settings', folder: 'mf-settings' },
];

/**
 * Entry points name no hash and must be revalidated on every load, so a redeployed remote is picked up
 * at once; everything under static/ is content-hashed and can be cached forever.
 */
function cacheControl(path) {
  return /\/static\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function distApp(folder, { spa }) {
  const dist = join(root, folder, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${folder}/dist is missing: run "pnpm build" first`);
  }
  const app = new Hono();
  app.use('*', async (context, next) => {
    await next();
    // The shell fetches remotes' manifests with fetch(): they need CORS (chunks are plain <script> loads).
    context.header('Access-Control-Allow-Origin', '*');
  });
  return { app, dist, spa };
}

function finish({ app, dist, spa }) {
  app.use(
    '*',
    serveStatic({
      root: dist,
      onFound: (path, context) => context.header('Cache-Control', cacheControl(path)),
    }),
  );
  if (spa) {
    // Client-side routes (/login, /workspace, ...) all load the shell's page.
    const index = readFileSync(join(dist, 'index.html'), 'utf8');
    app.get('*', (context) => {
      context.header('Cache-Control', 'no-cache');
      return context.html(index);
    });
  }
  return app;
}

function listen(app, port, hostname) {
  return new Promise((resolvePromise, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }, () => resolvePromise(server));
    server.once('error', reject);
  });
}

/** Starts the shell and the four remotes. Resolves with their URLs and a `close()`. */
export async function serveWorkspace({ port = 3000, hostname = '127.0.0.1' } = {}) {
  const remotePorts = REMOTE_PACKAGES.map((_, index) => port + index + 1);

  const shell = distApp('shell', { spa: true });
  // remotes.json is the deploy-time map of where each remote lives. Here it follows the ports actually
  // served, on the host name the browser used, so PORT overrides need no rebuild either.
  shell.app.get('/remotes.json', (context) => {
    const host = new URL(context.req.url).hostname;
    context.header('Cache-Control', 'no-cache');
    return context.json(
      Object.fromEntries(
        REMOTE_PACKAGES.map(({ container }, index) => [
          container,
          `http://${host}:${remotePorts[index]}/mf-manifest.json`,
        ]),
      ),
    );
  });

  const servers = await Promise.all([
    listen(finish(shell), port, hostname),
    ...REMOTE_PACKAGES.map(({ folder }, index) =>
      listen(finish(distApp(folder, { spa: false })), remotePorts[index], hostname),
    ),
  ]);
  return {
    url: `http://localhost:${port}`,
    remotes: Object.fromEntries(
      REMOTE_PACKAGES.map(({ folder }, index) => [folder, `http://localhost:${remotePorts[index]}`]),
    ),
    close: () => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const workspace = await serveWorkspace({ port: Number(process.env.PORT ?? 3000) });
  console.log(`Workspace: ${workspace.url}`);
  for (const [name, url] of Object.entries(workspace.remotes)) console.log(`  ${name}: ${url}`);
}
