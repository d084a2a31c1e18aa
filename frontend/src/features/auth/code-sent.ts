// When the last code went to an address, kept for this tab: the verification page counts the
// resend wait down from it, also after a reload.

const key = (email: string) => `oppas.codeSentAt:${email.trim().toLowerCase()}`;

/** Notes that a code was just sent to `email`. */
export function rememberCodeSent(email: string): void {
  try {
    window.sessionStorage.setItem(key(email), String(Date.now()));
  } catch {
    // Storage may be unavailable (private mode); the page then waits the whole time.
  }
}

/** When (ms since the epoch) the last code went to `email`, or null when this tab sent none. */
export function codeSentAt(email: string): number | null {
  try {
    const at = Number(window.sessionStorage.getItem(key(email)));
    return at > 0 ? at : null;
  } catch {
    return null;
  }
}
