/** A real SMTP server on loopback (smtp-server) that parses each mail it takes (mailparser). */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import type { Mailer } from '../../services/notifications/email/transport.js';

export function useSmtpServer() {
  const r = { port: 0, received: [] as ParsedMail[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => (r.received.push(mail), done()), done);
    },
  });
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => ((r.port = (server.server.address() as AddressInfo).port), resolve()))));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  /** A nodemailer SMTP transport to it, made on first mail (the port is known once it listens). */
  let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  const mailer: Mailer = { sendMail: (mail) => (transport ??= nodemailer.createTransport({ host: '127.0.0.1', port: r.port, secure: false, ignoreTLS: true })).sendMail(mail) };
  return Object.assign(r, { mailer });
}
