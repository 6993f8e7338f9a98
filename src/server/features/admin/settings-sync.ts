import type { AppContext } from "../../platform/context";
import { getPubSub } from "../../platform/pubsub";
import { invalidateModerationSettings } from "../moderation/public";

/**
 * Moderation settings are cached for a few seconds in every instance. A change made on one
 * instance is announced on this channel (Redis pub/sub over a duplicate connection when
 * REDIS_URL is set, in-process otherwise), and every instance drops its cache at once, so the
 * next request anywhere reads the new values.
 */
export const SETTINGS_CHANNEL = "moderation-settings";

/** Subscribes this instance; answers the function that unsubscribes. */
export function listenForSettingsChanges(ctx: AppContext): () => void {
  const pubsub = getPubSub(ctx);
  const off = pubsub.subscribe(SETTINGS_CHANNEL, () => invalidateModerationSettings());
  void pubsub.prepare(SETTINGS_CHANNEL);
  return off;
}

/** Drops this instance's cache now and tells the others. */
export async function announceSettingsChanged(ctx: AppContext): Promise<void> {
  invalidateModerationSettings();
  try {
    await getPubSub(ctx).publish(SETTINGS_CHANNEL, { at: ctx.now().toISOString() });
  } catch (err) {
    // The other instances still pick the change up when their 5 s cache expires.
    ctx.log.warn({ err }, "could not announce the new moderation settings");
  }
}
