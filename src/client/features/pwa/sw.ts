/**
 * The service worker (/sw.js, scope /), built by vite-plugin-pwa (injectManifest): Workbox
 * precaching of the build, the offline page for failed navigations, stale-while-revalidate for
 * the model directory list, update on demand ("Update Now" posts SKIP_WAITING) and Web Push
 * notifications. Routing rules: ./sw-rules.ts.
 */
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim, type WorkboxPlugin } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import * as navigationPreload from "workbox-navigation-preload";
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkOnly, StaleWhileRevalidate } from "workbox-strategies";
import {
  isApiWrite,
  isAppNavigation,
  isModelDirectoryRead,
  MODEL_DIRECTORY_CACHE,
  NOTIFICATION_ICON,
  OFFLINE_URL,
  parsePushPayload,
  safeNotificationUrl,
} from "./sw-rules";

// The few service-worker types this file needs, declared here rather than by adding TypeScript's
// "webworker" lib, which would change global types (fetch, self...) for the whole program.
interface ExtendableEvt extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvt extends ExtendableEvt {
  readonly request: Request;
}
interface MessageEvt extends ExtendableEvt {
  readonly data: unknown;
}
interface PushEvt extends ExtendableEvt {
  readonly data: { text(): string } | null;
}
interface NotificationClickEvt extends ExtendableEvt {
  readonly notification: Notification;
}
interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  addEventListener(type: "fetch", listener: (event: FetchEvt) => void): void;
  addEventListener(type: "message", listener: (event: MessageEvt) => void): void;
  addEventListener(type: "push", listener: (event: PushEvt) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationClickEvt) => void): void;
}
declare const self: ServiceWorkerScope;

const origin = self.location.origin;

// Any API write empties the directory cache. The epoch also stops a directory read that started
// before the write from storing its (now stale) answer afterwards.
let directoryEpoch = 0;
self.addEventListener("fetch", (event) => {
  if (isApiWrite(new URL(event.request.url), event.request.method, origin)) {
    directoryEpoch += 1;
    event.waitUntil(caches.delete(MODEL_DIRECTORY_CACHE));
  }
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
navigationPreload.enable();

registerRoute(
  ({ request, url }) => isAppNavigation(url, request.mode, origin),
  new NetworkOnly({
    plugins: [{ handlerDidError: async () => (await matchPrecache(OFFLINE_URL)) ?? Response.error() }],
  }),
);

const epochGuard: WorkboxPlugin = {
  requestWillFetch: async ({ request, state }) => {
    if (state) state.epoch = directoryEpoch;
    return request;
  },
  cacheWillUpdate: async ({ response, state }) => (state && state.epoch !== directoryEpoch ? null : response),
};

registerRoute(
  ({ request, url }) => isModelDirectoryRead(url, request.method, origin),
  new StaleWhileRevalidate({
    cacheName: MODEL_DIRECTORY_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      epochGuard,
      new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 24 * 60 * 60 }),
    ],
  }),
);

// A new version waits until the page asks for it ("Update Now"); the first one takes control at once.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
clientsClaim();

self.addEventListener("push", (event) => {
  const message = parsePushPayload(event.data ? event.data.text() : null, origin);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      data: { url: message.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = safeNotificationUrl((event.notification.data as { url?: unknown } | null)?.url, origin);
  const target = new URL(path, origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => client.url === target);
      if (open) {
        await open.focus();
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
