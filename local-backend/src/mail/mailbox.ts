import { randomBytes } from 'node:crypto';

/** An address as Mailpit's API shows it. */
export interface MailAddress {
  Name: string;
  Address: string;
}

/** One captured message. Kept in memory only: a restart empties the inbox, like Mailpit without a database. */
export interface MailMessage {
  ID: string;
  From: MailAddress;
  To: MailAddress[];
  Subject: string;
  Text: string;
  HTML: string;
  /** ISO time the message was captured. */
  Created: string;
}

/** What the auth endpoints hand over to be "sent". */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The mail catcher: auth e-mails land here and are never sent anywhere. */
export interface Mailbox {
  send(mail: OutgoingMail): MailMessage;
  /** Newest first. */
  list(): readonly MailMessage[];
  get(id: string): MailMessage | undefined;
}

/** The sender every captured message shows, as the Supabase CLI's local stack uses. */
const sender: MailAddress = { Name: 'Supabase Auth (local)', Address: 'noreply@localhost' };

/**
 * Creates an in-memory mailbox. Capped so a long-running dev backend cannot grow without bound.
 */
export function createMailbox({ capacity = 500 }: { capacity?: number } = {}): Mailbox {
  const messages: MailMessage[] = [];
  return {
    send(mail) {
      const message: MailMessage = {
        // Mailpit IDs are opaque strings; URL-safe random ones keep `/message/{ID}` unguessable enough.
        ID: randomBytes(12).toString('base64url'),
        From: sender,
        To: [{ Name: '', Address: mail.to }],
        Subject: mail.subject,
        Text: mail.text,
        HTML: mail.html,
        Created: new Date().toISOString(),
      };
      messages.unshift(message);
      messages.length = Math.min(messages.length, capacity);
      return message;
    },
    list: () => messages,
    get: (id) => messages.find((message) => message.ID === id),
  };
}
