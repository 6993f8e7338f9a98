import { getPushPublicKey, subscribePush, unsubscribePush } from "../../../common/api/push";
import { call } from "../../api/client";

/**
 * Web push on this device: the browser subscribes with the server's VAPID public key through
 * the service worker (which shows pushes and opens their page on click), and the subscription
 * is registered with the server. Failures are reported to the caller (and only logged elsewhere).
 */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = `${base64url}${"=".repeat((4 - (base64url.length % 4)) % 4)}`
    .replace(/-/g, "+")
    .replace(/_/g, "/");
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () =>
        reject(new Error("Push notifications need the app's service worker: reload the page and try again.")),
      5000,
    ),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

export async function enablePush(): Promise<void> {
  if (!pushSupported()) throw new Error("This browser does not support push notifications.");
  const permission = await Notification.requestPermission();
  if (permission !== "granted")
    throw new Error("Notifications are blocked for this site in your browser settings.");
  const reg = await registration();
  const { publicKey } = await call(getPushPublicKey);
  let subscription = await reg.pushManager.getSubscription();
  if (!subscription) {
    subscription = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  }
  // PushSubscription.toJSON(), with the fields the server requires typed as such.
  const { keys } = subscription.toJSON();
  await call(subscribePush, {
    body: {
      endpoint: subscription.endpoint,
      expirationTime: subscription.expirationTime,
      keys: { p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" },
    },
  });
}

export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await call(unsubscribePush, { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
  await subscription.unsubscribe();
}
