/**
 * Where email goes: an SMTP server locally (`SMTP_URL`, e.g. smtp://user:pass@mail.example.org:587),
 * Amazon SES v2 on AWS (`MAIL_TRANSPORT=ses`, the function's role allowed to send), else nowhere
 * (no email channel). `MAIL_FROM` is the sender (default "Parlor <parlor@localhost>").
 */
import nodemailer from 'nodemailer';

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
  if (env.SMTP_URL) return nodemailer.createTransport(env.SMTP_URL);
  if (env.MAIL_TRANSPORT === 'ses') {
    let ses: Promise<Mailer> | undefined;
    return { sendMail: async (mail) => (await (ses ??= sesMailer())).sendMail(mail) };
  }
  return null;
}

/** The SES v2 client is loaded on the first mail, so functions that never send one do not load it. */
async function sesMailer(): Promise<Mailer> {
  const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  return nodemailer.createTransport({ SES: { sesClient: new SESv2Client({}), SendEmailCommand } });
}
