// One file per feature; this index is what Drizzle and the app import.
export * from "./users";
