import type { Passkey } from "../../../common/passkeys";
import type { PasskeyRow } from "../../db/schema";

/** What a member sees of their passkey: never the key, the credential id or the counter. */
export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    synced: row.deviceType === "multiDevice",
  };
}
