import { type Entitlements, PLAN_ENTITLEMENTS, PLAN_NAMES, type PlanName } from "../../common/plans";
import type { UserRow } from "../db/schema";

/**
 * The plan a member is entitled to right now: a paid tier counts until `subscriptionExpiresAt`
 * (cancellation keeps access to the end of the period); afterwards, or without a tier, Free.
 */
export function effectivePlan(
  user: Pick<UserRow, "subscriptionTier" | "subscriptionExpiresAt">,
  now: Date = new Date(),
): PlanName {
  const tier = (PLAN_NAMES as readonly string[]).includes(user.subscriptionTier)
    ? (user.subscriptionTier as PlanName)
    : "free";
  if (tier === "free") return "free";
  if (user.subscriptionExpiresAt && user.subscriptionExpiresAt.getTime() <= now.getTime()) return "free";
  return tier;
}

export function entitlementsFor(
  user: Pick<UserRow, "subscriptionTier" | "subscriptionExpiresAt">,
  now: Date = new Date(),
): Entitlements & { plan: PlanName } {
  const plan = effectivePlan(user, now);
  return { plan, ...PLAN_ENTITLEMENTS[plan] };
}

/** A support ticket's priority follows the plan (SPEC §9 "Priority support"). */
export function supportPriorityFor(
  user: Pick<UserRow, "subscriptionTier" | "subscriptionExpiresAt">,
  now: Date = new Date(),
): "normal" | "priority" | "dedicated" {
  const level = entitlementsFor(user, now).prioritySupport;
  return level === "no" ? "normal" : level === "yes" ? "priority" : "dedicated";
}

/** The accent a member's screens use: their choice while their plan includes custom themes. */
export function accentColorFor(
  user: Pick<UserRow, "subscriptionTier" | "subscriptionExpiresAt" | "accentColor">,
  now: Date = new Date(),
): string | null {
  return user.accentColor && entitlementsFor(user, now).customThemes ? user.accentColor : null;
}
