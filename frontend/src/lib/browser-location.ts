/**
 * Sends the browser to another site (a sign-in provider). Kept apart so that tests can observe
 * the departure: a test browser cannot leave the page.
 */
export function leaveTo(url: string): void {
  window.location.href = url;
}
