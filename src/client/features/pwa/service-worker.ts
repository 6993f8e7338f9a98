import { useSyncExternalStore } from "react";
import { TIMING } from "../../../common/constants";

/**
 * Registers /sw.js (scope /) TIMING.serviceWorkerDelayMs after load (SPEC §4, §9) and tracks a
 * new worker that waits to take over: the update bar shows while one waits, and "Update Now"
 * asks it to skip waiting, then reloads once it controls the page.
 */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let waiting: ServiceWorker | null = null;
let registration: ServiceWorkerRegistration | null = null;
let scheduled = false;
let reloading = false;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null) {
  if (waiting === worker) return;
  waiting = worker;
  for (const l of listeners) l();
}

function watch(reg: ServiceWorkerRegistration) {
  // A worker installed while another one controls the page is an update (the first install is not).
  if (reg.waiting && navigator.serviceWorker.controller) setWaiting(reg.waiting);
  reg.addEventListener("updatefound", () => {
    const worker = reg.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) setWaiting(worker);
      if (worker.state === "redundant" && waiting === worker) setWaiting(reg.waiting);
    });
  });
}

async function register(): Promise<void> {
  try {
    registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    watch(registration);
    setInterval(() => {
      registration?.update().catch(() => undefined);
    }, UPDATE_CHECK_MS);
  } catch (err) {
    // Push and service worker failures are only logged (SPEC §8).
    console.warn("Service worker registration failed", err);
  }
}

/** Schedules the registration (production builds only: the dev server has no /sw.js). */
export function scheduleServiceWorkerRegistration(delayMs: number = TIMING.serviceWorkerDelayMs): void {
  if (scheduled || typeof window === "undefined" || !("serviceWorker" in navigator) || import.meta.env.DEV)
    return;
  scheduled = true;
  const later = () => setTimeout(() => void register(), delayMs);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

/** "Update Now": activate the waiting worker, then reload when it controls the page. */
export function applyUpdate(): void {
  const worker = waiting ?? registration?.waiting ?? null;
  if (!worker) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  worker.postMessage({ type: "SKIP_WAITING" });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a new service worker waits to take over. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waiting !== null,
    () => false,
  );
}
