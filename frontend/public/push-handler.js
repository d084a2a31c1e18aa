// Notifications in the app's service worker. Workbox builds /sw.js (vite.config.ts), which loads
// this file with importScripts, as it is: plain script, no imports, no build step.
//
// A push from the server carries `{ title, body, url, tag }`; the notification opens `url`, a
// path of this site, in a window of the app.

// In a block: an imported script shares the worker's global scope with Workbox's own code.
{
  const ICON = '/icons/icon-192.png';
  const FALLBACK = { title: 'Oppasmaatje', body: 'Er is nieuws voor je.', url: '/', tag: '' };

  /** A path of this site, or null for anything else (another site, `//host`, `/\host`). */
  const ownPath = (url) => {
    if (typeof url !== 'string' || !url.startsWith('/') || /^\/[/\\]/.test(url)) return null;
    const resolved = new URL(url, self.location.origin);
    return resolved.origin === self.location.origin ? resolved.href : null;
  };

  /** The push's message; anything unreadable is shown as the general one. */
  const readPush = (data) => {
    let message;
    try {
      message = data ? data.json() : null;
    } catch {
      message = null;
    }
    if (
      message === null ||
      typeof message !== 'object' ||
      typeof message.title !== 'string' ||
      typeof message.body !== 'string'
    ) {
      return FALLBACK;
    }
    return {
      title: message.title,
      body: message.body,
      url: typeof message.url === 'string' ? message.url : '/',
      tag: typeof message.tag === 'string' ? message.tag : '',
    };
  };

  self.addEventListener('push', (event) => {
    const message = readPush(event.data);
    const options = {
      body: message.body,
      data: { url: message.url },
      icon: ICON,
      badge: ICON,
      lang: 'nl',
    };
    // The same tag replaces an earlier notification (a second message in one conversation).
    if (message.tag) options.tag = message.tag;
    event.waitUntil(self.registration.showNotification(message.title, options));
  });

  /** Brings a window of the app forward at `url`, or opens one. */
  const openApp = async (url) => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => client.focused) ?? windows[0];
    if (open) {
      try {
        const focused = await open.focus();
        await focused.navigate(url);
        return;
      } catch {
        // A window this worker does not control cannot be sent elsewhere: a new one opens.
      }
    }
    await self.clients.openWindow(url);
  };

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data;
    const url = ownPath(data && typeof data === 'object' ? data.url : null) ?? ownPath('/');
    event.waitUntil(openApp(url));
  });
}
