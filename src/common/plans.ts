/** Plans and what each grants (SPEC §9 table). One source for server checks and the UI. */
export const PLAN_NAMES = ["free", "basic", "pro", "premium"] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface Entitlements {
  /** null = unlimited */
  postsPerDay: number | null;
  analytics: "none" | "basic" | "advanced";
  prioritySupport: "no" | "yes" | "dedicated";
  customThemes: boolean;
}

export const PLAN_ENTITLEMENTS: Record<PlanName, Entitlements> = {
  free: { postsPerDay: 5, analytics: "none", prioritySupport: "no", customThemes: false },
  basic: { postsPerDay: 25, analytics: "basic", prioritySupport: "yes", customThemes: false },
  pro: { postsPerDay: null, analytics: "advanced", prioritySupport: "yes", customThemes: true },
  premium: { postsPerDay: null, analytics: "advanced", prioritySupport: "dedicated", customThemes: true },
};

export const PLAN_DISPLAY_NAMES: Record<PlanName, string> = {
  free: "Free",
  basic: "Basic",
  pro: "Pro",
  premium: "Premium",
};

/** Order of the plans on the page and in the seed. */
export const PLAN_ORDER: Record<PlanName, number> = { free: 0, basic: 1, pro: 2, premium: 3 };

/** Plans that can be bought (free needs no subscription). */
export const PAID_PLAN_NAMES = ["basic", "pro", "premium"] as const satisfies readonly PlanName[];
export type PaidPlanName = (typeof PAID_PLAN_NAMES)[number];

export function isPlanName(value: string): value is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(value);
}

/** The feature lines of a plan card, derived from the entitlements so the two never disagree. */
export function planFeatures(plan: PlanName): string[] {
  const e = PLAN_ENTITLEMENTS[plan];
  const features = [e.postsPerDay === null ? "Unlimited posts" : `${e.postsPerDay} posts per day`];
  if (e.analytics !== "none")
    features.push(e.analytics === "advanced" ? "Advanced analytics" : "Basic analytics");
  if (e.prioritySupport !== "no")
    features.push(e.prioritySupport === "dedicated" ? "Dedicated support" : "Priority support");
  if (e.customThemes) features.push("Custom themes");
  if (plan === "free") features.push("Community forums, prompts and model reviews");
  return features;
}

/** Rows of the feature comparison table (SPEC §9 "Plans"). */
export const PLAN_COMPARISON_ROWS: { feature: string; value: (e: Entitlements) => string }[] = [
  { feature: "Posts per day", value: (e) => (e.postsPerDay === null ? "Unlimited" : String(e.postsPerDay)) },
  {
    feature: "Analytics",
    value: (e) => ({ none: "None", basic: "Basic", advanced: "Advanced" })[e.analytics],
  },
  {
    feature: "Priority support",
    value: (e) => ({ no: "No", yes: "Yes", dedicated: "Dedicated" })[e.prioritySupport],
  },
  { feature: "Custom themes", value: (e) => (e.customThemes ? "Yes" : "No") },
];
