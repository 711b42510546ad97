// Serves the production build of the composed workspace the way its CDNs would: the shell on its own
// origin and each remote on its own port, with the caching and CORS headers of a real deploy.
//   node scripts/serve-workspace.mjs          (PORT sets the shell's port, default 3000; remotes use PORT+1..4)
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';

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

/** The path a request names (a folder's `index.html`), or null when it cannot be read. */
function requestedPath(url) {
  try {
    const path = decodeURIComponent(new URL(url).pathname);
    return path.endsWith('/') ? `${path}index.html` : path;
  } catch {
    return null;
  }
}

/**
 * The build's files, each answered whole from one read: @hono/node-server writes such a body at once,
 * where a file stream (its serveStatic) goes through web streams chunk by chunk, twice as slow. A path
 * that is no file of the build goes on to the next handler.
 */
function buildFiles(dist) {
  return async (context, next) => {
    const path = requestedPath(context.req.url);
    const file = path === null ? '' : resolve(dist, `.${path}`);
    if (!file.startsWith(dist + sep)) return next();
    const found = await stat(file).catch(() => null);
    if (!found?.isFile()) return next();
    context.header('Content-Type', getMimeType(file) ?? 'application/octet-stream');
    context.header('Cache-Control', cacheControl(path));
    context.header('Last-Modified', found.mtime.toUTCString());
    return context.body(context.req.method === 'HEAD' ? null : await readFile(file));
  };
}

/**
 * Serves one build folder as its CDN would. `routes` may add routes ahead of the files; with `spa`, any
 * other path outside static/ answers the app's index.html (client-side routes such as /login and /workspace).
 */
export async function serveDist({ dist, port, hostname = '127.0.0.1', spa = false, routes = () => {} }) {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist} has no build: run "pnpm build" first`);
  }
  const app = new Hono();
  app.use('*', async (context, next) => {
    await next();
    // The shell fetches remotes' manifests with fetch(): they need CORS (chunks are plain <script> loads).
    context.header('Access-Control-Allow-Origin', '*');
  });
  routes(app);
  app.use('*', buildFiles(resolve(dist)));
  if (spa) {
    app.get('*', (context) => {
      // A content-hashed file that is not there is a 404, as on a CDN: answered with the page, a tab
      // still running an older build would run HTML as a script ("Unexpected token '<'").
      if (new URL(context.req.url).pathname.includes('/static/')) return context.notFound();
      context.header('Cache-Control', 'no-cache');
      // Read on each request: a build made while serving is served at once, never a page naming
      // files the build has replaced.
      return context.html(readFileSync(join(dist, 'index.html'), 'utf8'));
    });
  }
  const server = await new Promise((resolvePromise, reject) => {
    const started = serve({ fetch: app.fetch, port, hostname }, () => resolvePromise(started));
    started.once('error', reject);
  });
  return {
    url: `http://localhost:${server.address().port}`,
    // A browser keeps its connections open (keep-alive, a service worker's fetches): closing waits for
    // none of them, so a stopped host is gone at once, as a redeployed CDN's old origin would be.
    close: () =>
      new Promise((done) => {
        server.close(done);
        server.closeAllConnections();
      }),
  };
}

/** Starts the shell and the four remotes. Resolves with their URLs and a `close()`. */
export async function serveWorkspace({ port = 3000, hostname = '127.0.0.1' } = {}) {
  const remotePorts = REMOTE_PACKAGES.map((_, index) => port + index + 1);

  // remotes.json is the deploy-time map of where each remote lives. Here it follows the ports actually
  // served, on the host name the browser used, so PORT overrides need no rebuild either.
  const remotesJson = (app) =>
    app.get('/remotes.json', (context) => {
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

  const [shell, ...remotes] = await Promise.all([
    serveDist({ dist: join(root, 'shell', 'dist'), port, hostname, spa: true, routes: remotesJson }),
    ...REMOTE_PACKAGES.map(({ folder }, index) =>
      serveDist({ dist: join(root, folder, 'dist'), port: remotePorts[index], hostname }),
    ),
  ]);
  return {
    url: shell.url,
    remotes: Object.fromEntries(REMOTE_PACKAGES.map(({ folder }, index) => [folder, remotes[index].url])),
    close: () => Promise.all([shell, ...remotes].map((server) => server.close())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const workspace = await serveWorkspace({ port: Number(process.env.PORT ?? 3000) });
  console.log(`Workspace: ${workspace.url}`);
  for (const [name, url] of Object.entries(workspace.remotes)) console.log(`  ${name}: ${url}`);
}
