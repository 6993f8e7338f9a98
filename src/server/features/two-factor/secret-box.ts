import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AppContext } from "../../platform/context";

/**
 * The server's two-factor key (docs/decisions/0086): TWO_FACTOR_KEY when set (every instance of
 * a deployment shares it), else a random key kept in DATA_DIR/two-factor.key (mode 0600), made on
 * first use. It never enters the database, so a copy of the database alone reveals no TOTP
 * secret and allows no offline guessing of recovery codes.
 */
const keys = new WeakMap<AppContext, Buffer>();

export function twoFactorKey(ctx: AppContext): Buffer {
  const known = keys.get(ctx);
  if (known) return known;
  let key = ctx.config.twoFactorKey;
  if (!key) {
    const file = path.join(ctx.config.dataDir, "two-factor.key");
    fs.mkdirSync(ctx.config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    key = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
    if (key.length !== 32) throw new Error(`${file} must hold 32 bytes in base64`);
  }
  keys.set(ctx, key);
  return key;
}

/** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>" (base64url), the user id as associated data. */
export function sealSecret(ctx: AppContext, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", twoFactorKey(ctx), iv);
  cipher.setAAD(Buffer.from(`two-factor:${userId}`));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function openSecret(ctx: AppContext, userId: number, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("unreadable two-factor secret");
  const decipher = createDecipheriv("aes-256-gcm", twoFactorKey(ctx), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(`two-factor:${userId}`));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** A recovery code as stored: HMAC-SHA256 under the server key, bound to the member. */
export function recoveryCodeHash(ctx: AppContext, userId: number, code: string): string {
  return createHmac("sha256", twoFactorKey(ctx)).update(`${userId}:${code}`).digest("base64url");
}
