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
