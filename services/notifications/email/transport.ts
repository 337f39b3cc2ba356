/**
 * Where email goes: an SMTP server locally (`SMTP_URL`, e.g. smtp://user:pass@mail.example.org:587),
 * Amazon SES v2 on AWS (`MAIL_TRANSPORT=ses`, the function's role allowed to send), else nowhere
 * (no email channel). `MAIL_FROM` is the sender (default "Parlor <parlor@localhost>").
 */

export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

/** What the digest needs of a mail transport (a nodemailer Transporter is one). */
export interface Mailer {
  sendMail(mail: Mail): Promise<unknown>;
}

export const DEFAULT_MAIL_FROM = 'Parlor <parlor@localhost>';

export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer | null {
  const smtp = env.SMTP_URL;
  if (smtp) return lazy(async () => (await import('nodemailer')).default.createTransport(smtp));
  if (env.MAIL_TRANSPORT === 'ses') return lazy(sesMailer);
  return null;
}

/** nodemailer (and the SES client) are loaded at the first mail: a process that sends none never loads them. */
function lazy(make: () => Promise<Mailer>): Mailer {
  let made: Promise<Mailer> | undefined;
  return {
    sendMail: async (mail) =>
      (await (made ??= make().catch((e: unknown) => {
        made = undefined;
        throw e;
      }))).sendMail(mail),
  };
}

async function sesMailer(): Promise<Mailer> {
  const [{ default: nodemailer }, { SESv2Client, SendEmailCommand }] = await Promise.all([import('nodemailer'), import('@aws-sdk/client-sesv2')]);
  return nodemailer.createTransport({ SES: { sesClient: new SESv2Client({}), SendEmailCommand } });
}
