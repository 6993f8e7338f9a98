// One file per feature; this index is what Drizzle and the app import.
export * from "./users";
export * from "./ai-models";
export * from "./forums";
export * from "./prompts";
export * from "./subscriptions";
export * from "./password-reset";
export * from "./posts";
export * from "./moderation";
export * from "./social";
export * from "./discovery";
export * from "./admin";
