import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeFetch, resetFakeApi } from '@/testing/fake-api';
import { removeFakePush } from '@/testing/fake-push';

// A page that loads its route lazily can take more than a second on a busy machine; waiting
// longer costs nothing when it is there sooner.
configure({ asyncUtilTimeout: 5000 });

// Node's Request, which jsdom leaves in place, rejects the relative URLs the app uses
// (`/api/users/me`); a browser resolves them against the page address, and so does this one.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}

// The API client takes fetch and Request when it is created, so both are replaced before any
// test module imports it.
vi.stubGlobal('Request', PageRequest);
vi.stubGlobal('fetch', fakeFetch);

// jsdom knows <dialog> but not its methods; these have the effects a browser shows.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => undefined;
// Nor does it know this; paging scrolls the results into view with it.
Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  resetFakeApi();
  removeFakePush();
  // A tab's storage (the wizard's kept draft) never passes from one test to the next.
  window.sessionStorage.clear();
  // Nor does the browser's (the messages kept unsent).
  window.localStorage.clear();
});
