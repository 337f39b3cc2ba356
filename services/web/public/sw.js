/**
 * Parlor's service worker: shows the server's Web Push messages ({ title, body, url, tag }: the
 * game and whose turn, never a card) and opens the game when the notification is clicked.
 */
self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data.json();
  } catch {
    return;
  }
  event.waitUntil(self.registration.showNotification(String(message.title ?? 'Parlor'), { body: String(message.body ?? ''), tag: message.tag, data: { url: message.url } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(`/${event.notification.data?.url ?? ''}`, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = open.find((c) => new URL(c.url).origin === self.location.origin);
      if (tab) return (await tab.focus()).navigate(url);
      return self.clients.openWindow(url);
    })(),
  );
});
