import { BACKEND } from './accounts.ts';

/** The newest mail to `address` in the backend's mail catcher, as its text and HTML (waits up to 5 s). */
export async function latestMailTo(address: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const list = (await (await fetch(`${BACKEND.url}/mail/api/v1/messages`)).json()) as {
      messages: Array<{ ID: string; To: Array<{ Address: string }> }>;
    };
    const message = list.messages.find((entry) => entry.To.some((to) => to.Address === address));
    if (message) {
      const full = (await (await fetch(`${BACKEND.url}/mail/api/v1/message/${message.ID}`)).json()) as {
        Text: string;
        HTML: string;
      };
      return `${full.Text}\n${full.HTML}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${address}`);
}

/** The verify link of a mail (confirmation, recovery), as the browser would follow it. */
export function verificationLinkIn(mail: string): string | undefined {
  return mail.match(/https?:\/\/[^\s"<>]+\/auth\/v1\/verify\?[^\s"<>]+/)?.[0]?.replaceAll('&amp;', '&');
}
