import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  PROMO_COUNTDOWN_REFRESH_MS,
  type PromoCountdown,
  type PublicConfig,
  parsePublicConfig,
  promoCountdown,
  resolvePromoDeadline,
} from "../../../common/promo";

export const publicConfigKeys = { all: ["/api/public-config"] as const };

/**
 * `GET /api/public-config` may carry the server's `promoDeadline`; when the call does not exist
 * (404) or fails, the built-in PROMO_DEADLINE applies.
 */
async function fetchPublicConfig(): Promise<PublicConfig> {
  try {
    const res = await fetch("/api/public-config", {
      credentials: "include",
      headers: { Accept: "application/json" },
    });
    if (!res.ok) return {};
    return parsePublicConfig(await res.json());
  } catch {
    return {};
  }
}

export function usePromoDeadline(): Date {
  const config = useQuery({ queryKey: publicConfigKeys.all, queryFn: fetchPublicConfig });
  return resolvePromoDeadline(config.data?.promoDeadline);
}

/** The countdown, refreshed every 60 s (SPEC §9). */
export function usePromoCountdown(deadline: Date): PromoCountdown {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), PROMO_COUNTDOWN_REFRESH_MS);
    return () => clearInterval(id);
  }, []);
  return promoCountdown(deadline, new Date(now));
}
