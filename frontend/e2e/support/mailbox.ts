import { mailboxURL } from './endpoints';

/** A mail as the sink received it over SMTP (see e2e/servers/smtp-sink.mjs). */
export interface ReceivedMail {
  /** The envelope recipient, lowercase. */
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** When the sink received it (ISO 8601). */
  date: string;
  /** The Message-ID header (empty without one): the same for a mail sent twice. */
  messageId: string;
  /** The List-Unsubscribe header (empty without one). */
  listUnsubscribe: string;
  /** The List-Unsubscribe-Post header (empty without one). */
  listUnsubscribePost: string;
  /** Each attachment, its content as text (an afspraak's calendar item). */
  attachments: { filename: string; contentType: string; content: string }[];
}

export interface WaitForMailOptions {
  /** Only a mail whose subject contains this text, or matches this pattern. */
  subject?: string | RegExp;
  /** Only a mail received after this moment. */
  since?: Date;
  /** How long to wait; 15 s by default. */
  timeout?: number;
}

async function mailbox(path: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(`${mailboxURL}${path}`, init);
  if (!response.ok) {
    throw new Error(
      `The mail sink answered ${init?.method ?? 'GET'} ${path} with ${response.status}`,
    );
  }
  return response;
}

/** Every mail the sink holds for `to` (every mail without it), oldest first. */
export async function listMail(to?: string): Promise<ReceivedMail[]> {
  const query = to === undefined ? '' : `?to=${encodeURIComponent(to)}`;
  return (await (await mailbox(`/messages${query}`)).json()) as ReceivedMail[];
}

/** The sink takes `ms` over each mail before it says it has it (0: at once), as a busy server. */
export async function delayEachMail(ms: number): Promise<void> {
  await mailbox(`/delay?ms=${String(ms)}`, { method: 'PUT' });
}

/** Forgets every mail (or only the mail to `to`). */
export async function clearMailbox(to?: string): Promise<void> {
  const query = to === undefined ? '' : `?to=${encodeURIComponent(to)}`;
  await mailbox(`/messages${query}`, { method: 'DELETE' });
}

/**
 * The newest mail to `to` that fits `options`, once it has arrived. Fails after the timeout,
 * naming the subjects of what did arrive for that address.
 */
export async function waitForMail(
  to: string,
  { subject, since, timeout = 15_000 }: WaitForMailOptions = {},
): Promise<ReceivedMail> {
  const fits = (mail: ReceivedMail) =>
    (subject === undefined ||
      (typeof subject === 'string'
        ? mail.subject.includes(subject)
        : subject.test(mail.subject))) &&
    (since === undefined || new Date(mail.date) >= since);

  const deadline = Date.now() + timeout;
  let received: ReceivedMail[] = [];
  for (;;) {
    received = await listMail(to);
    const found = received.filter(fits).at(-1);
    if (found) {
      return found;
    }
    if (Date.now() > deadline) {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seen = received.map((mail) => `'${mail.subject}'`).join(', ') || 'none';
  throw new Error(
    `No mail to ${to}${subject === undefined ? '' : ` with subject ${String(subject)}`} within ${timeout} ms (received: ${seen})`,
  );
}

/** The 6-digit code of a code mail: the line that holds only the code, in the text part. */
export function codeFromMail(mail: ReceivedMail): string {
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  if (code === undefined) {
    throw new Error(`The mail '${mail.subject}' to ${mail.to} carries no 6-digit code`);
  }
  return code;
}
