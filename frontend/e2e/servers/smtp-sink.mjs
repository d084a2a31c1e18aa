// A mail sink for the end-to-end tests: a plain SMTP listener on loopback that keeps every mail
// it receives in memory, and a small HTTP API through which the tests read them.
//
//   SMTP  127.0.0.1:$E2E_SMTP_PORT     (default 4125): no TLS, no authentication
//   HTTP  127.0.0.1:$E2E_MAILBOX_PORT  (default 4126):
//     GET    /healthz                  200 once both listeners are up
//     GET    /messages[?to=<address>]  JSON [{to, from, subject, text, html, date, messageId,
//                                      listUnsubscribe, listUnsubscribePost, attachments}],
//                                      oldest first
//     DELETE /messages[?to=<address>]  forgets every mail (or only those to <address>)
//     PUT    /delay?ms=<n>             takes n ms over each mail before it answers that it has it,
//                                      as a busy mail server does (0: at once)

import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const HOST = '127.0.0.1';
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 4125);
const httpPort = Number(process.env.E2E_MAILBOX_PORT ?? 4126);

/**
 * @typedef {object} StoredMail
 * @property {string} to the envelope recipient, lowercase
 * @property {string} from the envelope sender
 * @property {string} subject
 * @property {string} text the plain-text part
 * @property {string} html the HTML part, empty without one
 * @property {string} date when the sink received it (ISO 8601)
 * @property {string} messageId the Message-ID header, empty without one
 * @property {string} listUnsubscribe the List-Unsubscribe header as written, empty without one
 * @property {string} listUnsubscribePost the List-Unsubscribe-Post header, empty without one
 * @property {{ filename: string, contentType: string, content: string }[]} attachments each
 *   attachment with its content as UTF-8 text (a calendar item)
 */

/** @type {StoredMail[]} */
let mails = [];
/** Milliseconds each mail takes before the sink answers that it has it. */
let delayMs = 0;

/** @param {string} address */
const normalise = (address) => address.trim().toLowerCase();

/**
 * A header's value as the mail wrote it (unfolded), empty when the mail has none.
 * @param {import('mailparser').ParsedMail} parsed
 * @param {string} name lowercase
 */
const headerLine = (parsed, name) => {
  const found = parsed.headerLines.find((header) => header.key === name);
  return found
    ? found.line
        .slice(found.line.indexOf(':') + 1)
        .replace(/\s+/g, ' ')
        .trim()
    : '';
};

/** @param {import('smtp-server').SMTPServerAddress | false} address */
const envelopeAddress = (address) => (address ? normalise(address.address) : '');

const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  banner: 'e2e mail sink',
  size: 5 * 1024 * 1024,
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const base = {
          from: envelopeAddress(session.envelope.mailFrom),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          date: new Date().toISOString(),
          messageId: parsed.messageId ?? '',
          listUnsubscribe: headerLine(parsed, 'list-unsubscribe'),
          listUnsubscribePost: headerLine(parsed, 'list-unsubscribe-post'),
          attachments: parsed.attachments.map((attachment) => ({
            filename: attachment.filename ?? '',
            contentType: attachment.contentType,
            content: attachment.content.toString('utf8'),
          })),
        };
        // Kept when the answer goes out, whether or not the sender is still there to read it.
        setTimeout(() => {
          for (const recipient of session.envelope.rcptTo) {
            mails.push({ ...base, to: envelopeAddress(recipient) });
          }
          callback();
        }, delayMs);
      })
      .catch((/** @type {unknown} */ error) => {
        console.error('smtp-sink: could not parse a mail', error);
        callback(error instanceof Error ? error : new Error(String(error)));
      });
  },
});

smtp.on('error', (error) => {
  console.error('smtp-sink: SMTP error', error);
});

const api = createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${HOST}:${httpPort}`);
  const to = url.searchParams.get('to');
  const matches = (/** @type {StoredMail} */ mail) => to === null || mail.to === normalise(to);

  /**
   * @param {number} status
   * @param {unknown} [body]
   */
  const answer = (status, body) => {
    if (body === undefined) {
      res.writeHead(status).end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  if (url.pathname === '/healthz' && req.method === 'GET') {
    answer(200, { ok: true });
  } else if (url.pathname === '/messages' && req.method === 'GET') {
    answer(200, mails.filter(matches));
  } else if (url.pathname === '/delay' && req.method === 'PUT') {
    const ms = Number(url.searchParams.get('ms'));
    if (!Number.isInteger(ms) || ms < 0) {
      answer(400, { error: 'ms must be a whole number of milliseconds' });
      return;
    }
    delayMs = ms;
    answer(204);
  } else if (url.pathname === '/messages' && req.method === 'DELETE') {
    mails = mails.filter((mail) => !matches(mail));
    answer(204);
  } else {
    answer(404, { error: 'not found' });
  }
});

smtp.listen(smtpPort, HOST, () => {
  api.listen(httpPort, HOST, () => {
    console.log(
      `smtp-sink: SMTP on ${HOST}:${smtpPort}, mailbox API on http://${HOST}:${httpPort}`,
    );
  });
});

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    process.exit(0);
  });
}
