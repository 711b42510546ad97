import type { OutgoingMail } from '../mail/mailbox.ts';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function linkMail({
  to,
  subject,
  intro,
  action,
  link,
}: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
}): OutgoingMail {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${link}\n`,
    html: `<h2>${escapeHtml(subject)}</h2><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
  };
}

/** The texts of the Supabase default templates, so what a developer sees matches hosted mails. */
export const authMails = {
  confirmSignup: ({ to, link }: { to: string; link: string }) =>
    linkMail({
      to,
      subject: 'Confirm Your Signup',
      intro: 'Follow this link to confirm your user:',
      action: 'Confirm your mail',
      link,
    }),
  resetPassword: ({ to, link }: { to: string; link: string }) =>
    linkMail({
      to,
      subject: 'Reset Your Password',
      intro: 'Follow this link to reset the password for your user:',
      action: 'Reset Password',
      link,
    }),
  changeEmail: ({ to, link }: { to: string; link: string }) =>
    linkMail({
      to,
      subject: 'Confirm Change of Email',
      intro: `Follow this link to confirm the update of your email to ${to}:`,
      action: 'Change Email',
      link,
    }),
};
