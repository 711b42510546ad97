import { randomUUID } from 'node:crypto';
import type { Backend } from '../src/backend.ts';

export { createTestClient } from '../src/testing/index.ts';

/** A fresh address per test: test files share one database, so data is isolated by e-mail. */
export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

interface MailpitMessage {
  ID: string;
  To: { Address: string }[];
  Subject: string;
  Text: string;
  HTML: string;
}

/** The newest captured mail to `address`, read through the Mailpit-style JSON API like a script would. */
export async function latestMailTo(backend: Pick<Backend, 'url'>, address: string): Promise<MailpitMessage> {
  const list = (await (await fetch(`${backend.url}/mail/api/v1/messages`)).json()) as {
    messages: { ID: string; To: { Address: string }[] }[];
  };
  const entry = list.messages.find((message) => message.To.some((to) => to.Address === address));
  if (!entry) throw new Error(`no mail to ${address}`);
  return (await (await fetch(`${backend.url}/mail/api/v1/message/${entry.ID}`)).json()) as MailpitMessage;
}

/** The verification link in a mail's text. */
export function verificationLinkIn(mail: MailpitMessage): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.Text)?.[0];
  if (!link) throw new Error(`no verification link in: ${mail.Text}`);
  return link;
}

/** Follows a link without following its redirect, and returns the Location's URL. */
export async function followOnce(link: string): Promise<{ status: number; location: URL }> {
  const response = await fetch(link, { redirect: 'manual' });
  return { status: response.status, location: new URL(response.headers.get('location') ?? 'invalid:') };
}

/** The key=value pairs of a URL hash, as the browser client reads them. */
export const hashParameters = (url: URL) => new URLSearchParams(url.hash.slice(1));
