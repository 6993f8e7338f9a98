// One file per feature; this index is what Drizzle and the app import.

export * from "./admin";
export * from "./ai-models";
export * from "./arena";
export * from "./blocks";
export * from "./catalog";
export * from "./discovery";
export * from "./exports";
export * from "./forums";
export * from "./model-requests";
export * from "./model-versions";
export * from "./history";
export * from "./moderation";
export * from "./oidc";
export * from "./passkeys";
export * from "./password-reset";
export * from "./posts";
export * from "./prompts";
export * from "./saved";
export * from "./social";
export * from "./stats";
export * from "./subscriptions";
export * from "./two-factor";
export * from "./users";
