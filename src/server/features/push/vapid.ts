import { eq } from "drizzle-orm";
import { appSecrets } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import { lazy } from "../../platform/lazy";

/** The Web Push library, loaded when push is first used. */
const webpush = lazy<typeof import("web-push")>("web-push");

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const SECRET_NAME = "vapid";
const cache = new WeakMap<AppContext, Promise<VapidKeys>>();

/** VAPID's contact: `VAPID_SUBJECT`, else the site when it is https, else a mailto address. */
export function vapidSubject(ctx: AppContext): string {
  if (ctx.config.vapid.subject) return ctx.config.vapid.subject;
  if (ctx.config.appUrl.startsWith("https:")) return ctx.config.appUrl;
  return `mailto:webmaster@${new URL(ctx.config.appUrl).hostname || "localhost"}`;
}

async function load(ctx: AppContext): Promise<VapidKeys> {
  const subject = vapidSubject(ctx);
  const { publicKey, privateKey } = ctx.config.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  // Generated once and stored, so every instance and every restart signs with the same pair
  // (a new pair would orphan every browser's subscription). The first writer wins a race.
  const generated = webpush().generateVAPIDKeys();
  await ctx.db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: JSON.stringify(generated) })
    .onConflictDoNothing();
  const [row] = await ctx.db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME)).limit(1);
  const stored = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}

/** The VAPID key pair: from configuration, or generated on first use and kept in `app_secrets`. */
export function getVapidKeys(ctx: AppContext): Promise<VapidKeys> {
  let keys = cache.get(ctx);
  if (!keys) {
    keys = load(ctx);
    cache.set(ctx, keys);
    keys.catch(() => cache.delete(ctx));
  }
  return keys;
}
