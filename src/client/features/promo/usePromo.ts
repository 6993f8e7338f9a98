import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { getPublicConfig } from "../../../common/api/site";
import { call, routeKey } from "../../api/client";
import { useInlinePromoMounted, usePromoDismissed } from "./promo-store";
import {
  PROMO_COUNTDOWN_REFRESH_MS,
  isPromoRunning,
  type PromoCountdown,
  type PublicConfig,
  parsePublicConfig,
  promoCountdown,
  resolvePromoDeadline,
} from "../../../common/promo";

export const publicConfigKeys = { all: routeKey(getPublicConfig) };

/**
 * `getPublicConfig` (GET /api/public-config) carries the server's `promoDeadline` (PROMO_DEADLINE, or null when
 * there is no offer); when the call does not exist (404) or fails, there is no offer either.
 */
async function fetchPublicConfig(): Promise<PublicConfig> {
  try {
    return parsePublicConfig(await call(getPublicConfig));
  } catch {
    return {};
  }
}

export function usePromoDeadline(): Date | null {
  const config = useQuery({ queryKey: publicConfigKeys.all, queryFn: fetchPublicConfig });
  return resolvePromoDeadline(config.data?.promoDeadline);
}

export interface PromoOffer {
  deadline: Date;
  countdown: PromoCountdown;
}

/**
 * The running offer with its countdown, refreshed every 60 s (SPEC §9), or null when there is
 * none: no deadline configured, or the deadline has passed (then the offer is not shown at all,
 * rather than "Offer expired" beside an offer nobody can claim).
 */
export function usePromoOffer(): PromoOffer | null {
  const deadline = usePromoDeadline();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), PROMO_COUNTDOWN_REFRESH_MS);
    return () => clearInterval(id);
  }, []);
  const at = new Date(now);
  if (!isPromoRunning(deadline, at)) return null;
  return { deadline, countdown: promoCountdown(deadline, at) };
}

/** Whether the overlay copy (every page but the landing page) has something to show. */
export function useOverlayPromoWanted(): boolean {
  const dismissed = usePromoDismissed();
  const inline = useInlinePromoMounted();
  const offer = usePromoOffer();
  return !dismissed && !inline && offer !== null;
}
