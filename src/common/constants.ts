/** Product-wide constants from SPEC §9. Shared by server and client. */
export const PRODUCT_NAME = "AI Agora";
export const TAGLINE = "where minds meet machines";

/** Words of the public pages' top (the landing page's hero, the directory's lead). */
export const LANDING_HEADLINE = { lead: "The public square for ", highlight: "AI conversation" } as const;
export const LANDING_INTRO = `${PRODUCT_NAME} is where people of every generation share real experiences with AI models, rate them, swap prompts and talk it through in model forums.`;
export const MODELS_PAGE_LEAD =
  "Explore, rate and compare AI models. Facts come from each maker's public pages; ratings come from members.";

export const GENERATIONS = ["genz", "millennial", "genx", "boomer"] as const;
export type Generation = (typeof GENERATIONS)[number];
export const DEFAULT_GENERATION: Generation = "millennial";

export const GENERATION_LABELS: Record<Generation, string> = {
  genz: "Gen Z",
  millennial: "Millennial",
  genx: "Gen X",
  boomer: "Boomer",
};

/** Birth years as the registration form describes each generation (SPEC §3). */
export const GENERATION_YEARS: Record<Generation, string> = {
  genz: "1997-2012",
  millennial: "1981-1996",
  genx: "1965-1980",
  boomer: "1946-1964",
};

export const LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 6,
  passwordMax: 200,
  emailMax: 254,
  bioMax: 500,
  minimumAge: 13,
  pageSizeDefault: 20,
  pageSizeMax: 100,
} as const;

export const TIMING = {
  currentUserStaleMs: 300_000,
  notificationsPollMs: 30_000,
  unreadCountPollMs: 15_000,
  searchDebounceMs: 300,
  toastDurationMs: 5000,
  toastSwipeThreshold: 50,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  resetRedirectMs: 3000,
  serviceWorkerDelayMs: 1000,
} as const;

export const SESSION_COOKIE = "agora_session";
export const SESSION_TTL_DAYS = 30;
