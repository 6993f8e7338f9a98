import type { FeedSort, TopWindow } from "./posts";

/** What the feed's sort controls show and the server's Top windows span (decision 0103). */
export const FEED_SORT_LABELS: Record<FeedSort, string> = { new: "New", hot: "Hot", top: "Top" };
export const TOP_WINDOW_LABELS: Record<TopWindow, string> = {
  "24h": "24 hours",
  "7d": "7 days",
  "30d": "30 days",
  all: "All time",
};
/** The window's length in hours (null: all time). */
export const TOP_WINDOW_HOURS: Record<TopWindow, number | null> = {
  "24h": 24,
  "7d": 24 * 7,
  "30d": 24 * 30,
  all: null,
};
/** A visitor asking for the Following tab. */
export const FOLLOWING_LOGIN = "Please log in to see the posts you follow";
