import { describe, expect, it } from 'vitest';
import { createMailRoutes } from './mail-routes.ts';
import { createMailbox } from './mailbox.ts';

function inboxWithTwoMails() {
  const mailbox = createMailbox();
  mailbox.send({
    to: 'a@example.com',
    subject: 'First',
    text: 'Open http://x/1',
    html: '<a href="http://x/1">one</a>',
  });
  mailbox.send({
    to: 'b@example.com',
    subject: 'Second <b>',
    text: 'Open http://x/2',
    html: '<a href="http://x/2">two</a>',
  });
  return { mailbox, app: createMailRoutes({ mailbox }) };
}

describe('mail catcher', () => {
  it('lists messages newest first in Mailpit JSON shape', async () => {
    const { app } = inboxWithTwoMails();
    const body = (await (await app.request('/api/v1/messages')).json()) as {
      total: number;
      messages: { Subject: string }[];
    };
    expect(body.total).toBe(2);
    expect(body.messages.map((message) => message.Subject)).toEqual(['Second <b>', 'First']);
    expect(body.messages[1]).toEqual({
      ID: expect.any(String),
      From: { Name: expect.any(String), Address: expect.any(String) },
      To: [{ Name: '', Address: 'a@example.com' }],
      Subject: 'First',
      Created: expect.any(String),
      Snippet: 'Open http://x/1',
    });
  });

  it('returns one message with its text and HTML, and 404 for an unknown id', async () => {
    const { app, mailbox } = inboxWithTwoMails();
    const id = mailbox.list()[0]?.ID;
    const message = (await (await app.request(`/api/v1/message/${id}`)).json()) as Record<string, unknown>;
    expect(message).toMatchObject({
      ID: id,
      Subject: 'Second <b>',
      Text: 'Open http://x/2',
      HTML: '<a href="http://x/2">two</a>',
    });
    expect(message.Date).toEqual(expect.any(String));
    expect((await app.request('/api/v1/message/nope')).status).toBe(404);
  });

  it('shows an HTML inbox linking each message, with subjects escaped', async () => {
    const { app, mailbox } = inboxWithTwoMails();
    const page = await (await app.request('/')).text();
    expect(page).toContain('Inbox (2)');
    expect(page).toContain('Second &lt;b&gt;');
    expect(page.indexOf('Second')).toBeLessThan(page.indexOf('First'));
    const id = mailbox.list()[1]?.ID;
    expect(page).toContain(`href="/mail/message/${id}"`);
    const messagePage = await (await app.request(`/message/${id}`)).text();
    expect(messagePage).toContain('Open http://x/1');
    expect(messagePage).toContain('sandbox=');
  });
});
