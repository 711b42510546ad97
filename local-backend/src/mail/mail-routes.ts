import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { Mailbox, MailMessage } from './mailbox.ts';

/** The first characters of a message body, as Mailpit's list shows them. */
function snippet(message: MailMessage): string {
  return message.Text.replace(/\s+/g, ' ').trim().slice(0, 250);
}

function listEntry(message: MailMessage) {
  return {
    ID: message.ID,
    From: message.From,
    To: message.To,
    Subject: message.Subject,
    Created: message.Created,
    Snippet: snippet(message),
  };
}

const page = (title: string, body: unknown) => html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${title}</title>
    <style>
      body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
      .banner { background: #fff3cd; padding: .5rem 1rem; border-radius: .25rem; }
      li { margin: .5rem 0; } small { color: #666; } iframe { width: 100%; height: 30rem; border: 1px solid #ccc; }
    </style>
  </head>
  <body>
    <p class="banner">Local mail catcher: these e-mails were captured by the local backend and never sent.</p>
    ${body}
  </body>
</html>`;

/** The only names the backend is reached by: it listens on 127.0.0.1 (backend.ts). */
const loopbackHostnames: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether another site (or a page of another origin) asks. Browsers name the requesting origin in
 * `Origin` on every CORS request and in `Sec-Fetch-Site` on every request; a top-level navigation is
 * let through (the page that started it cannot read the answer). Scripts and tests send neither.
 */
function fromAnotherOrigin(context: Context): boolean {
  const origin = context.req.header('origin');
  if (origin !== undefined && origin !== new URL(context.req.url).origin) return true;
  const site = context.req.header('sec-fetch-site');
  return (
    (site === 'cross-site' || site === 'same-site') && context.req.header('sec-fetch-mode') !== 'navigate'
  );
}

/** The mail pages load nothing but their inline style, and no page may frame them. */
const pageHeaders = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; form-action 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/**
 * The mail catcher's routes, mounted at `/mail`: an HTML inbox (`/`, `/message/{ID}`) and the subset of
 * Mailpit's JSON API scripts use to follow links (`/api/v1/messages`, `/api/v1/message/{ID}`).
 * Scripts (no `Origin`) and the catcher's own pages may read it; other origins may not.
 */
export function createMailRoutes({ mailbox }: { mailbox: Mailbox }): Hono {
  const app = new Hono();

  // The inbox holds sign-in links: whoever reads it can take over any local account. Like Mailpit, it
  // sends no CORS headers (backend.ts leaves it out of CORS), and it refuses requests from other
  // origins outright, and from host names other than loopback ones (a rebound DNS name).
  app.use(async (context, next) => {
    const hostname = new URL(context.req.url).hostname;
    if (!loopbackHostnames.has(hostname) || fromAnotherOrigin(context)) {
      return context.json({ error: 'The local mail catcher answers only its own origin' }, 403, pageHeaders);
    }
    await next();
    for (const [name, value] of Object.entries(pageHeaders)) context.res.headers.set(name, value);
  });

  app.get('/api/v1/messages', (context) => {
    const messages = mailbox.list();
    const start = Math.max(0, Number(context.req.query('start') ?? 0) || 0);
    const limit = Math.max(0, Number(context.req.query('limit') ?? 50) || 50);
    const pageOfMessages = messages.slice(start, start + limit);
    return context.json({
      total: messages.length,
      count: pageOfMessages.length,
      start,
      messages: pageOfMessages.map(listEntry),
    });
  });

  app.get('/api/v1/message/:id', (context) => {
    const message = mailbox.get(context.req.param('id'));
    if (!message) return context.json({ error: 'message not found' }, 404);
    return context.json({
      ID: message.ID,
      From: message.From,
      To: message.To,
      Subject: message.Subject,
      Text: message.Text,
      HTML: message.HTML,
      Date: message.Created,
    });
  });

  app.get('/', (context) => {
    const messages = mailbox.list();
    const items = messages.map(
      (message) => html`<li>
        <a href="/mail/message/${message.ID}">${message.Subject}</a> to ${message.To.map((to) => to.Address).join(', ')}
        <br /><small>${message.Created} · ${snippet(message)}</small>
      </li>`,
    );
    return context.html(
      page(
        'Local inbox',
        html`<h1>Inbox (${messages.length})</h1>
          ${messages.length === 0 ? html`<p>No e-mails yet.</p>` : html`<ol>${items}</ol>`}`,
      ),
    );
  });

  app.get('/message/:id', (context) => {
    const message = mailbox.get(context.req.param('id'));
    if (!message)
      return context.html(page('Not found', html`<p>No such message. <a href="/mail">Inbox</a></p>`), 404);
    // The auth mails are our own templates, but the HTML body still renders in a sandboxed iframe
    // (links open in a new tab) so no script in a message can touch this page; `html` escapes the attribute.
    return context.html(
      page(
        message.Subject,
        html`<p><a href="/mail">← Inbox</a></p>
          <h1>${message.Subject}</h1>
          <p><small>From ${message.From.Address} to ${message.To.map((to) => to.Address).join(', ')} at ${message.Created}</small></p>
          <iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${`<base target="_blank">${message.HTML}`}"></iframe>
          <h2>Text</h2>
          <pre>${message.Text}</pre>`,
      ),
    );
  });

  return app;
}
