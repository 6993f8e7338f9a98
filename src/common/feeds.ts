/**
 * Atom feeds (issue 21 item 7, decision 0101): served outside /api (the contract holds /api
 * routes only), each the latest FEED_LIMIT items a visitor may see.
 */
export const FEED_LIMIT = 50;
export const FEED_CONTENT_TYPE = "application/atom+xml";
/** A hashtag as the feed addresses take it (without "#"), the same characters posts allow. */
export const FEED_TAG_RE = /^[\p{L}\p{N}_]{1,50}$/u;

export const feedPaths = {
  posts: () => "/feeds/posts.xml",
  tag: (tag: string) => `/feeds/tags/${encodeURIComponent(tag)}.xml`,
  modelReviews: (slug: string) => `/feeds/models/${encodeURIComponent(slug)}/reviews.xml`,
  forum: (id: number) => `/feeds/forums/${id}.xml`,
  thread: (id: number) => `/feeds/threads/${id}.xml`,
  member: (id: number) => `/feeds/members/${id}.xml`,
  prompts: (category: string) => `/feeds/prompts/${encodeURIComponent(category)}.xml`,
};

/** A `<link rel="alternate">` a page's head advertises (kept free of imports: route modules' heads use it). */
export interface FeedLink {
  href: string;
  title: string;
}

/** The feed the landing page and the home feed advertise (index.html carries it for the shell too). */
export const LATEST_POSTS_FEED: FeedLink = { href: feedPaths.posts(), title: "AI Agora: latest posts" };
