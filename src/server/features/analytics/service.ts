import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  ANALYTICS_POSTS_MAX,
  ANALYTICS_RANGE_DAYS,
  type AnalyticsQuery,
  excerpt,
  lastDays,
  normalizeUsagePath,
  type PersonalAnalytics,
  referrerHost,
  SITE_ANALYTICS_DAYS,
  SITE_TOP_PAGES,
  type SiteAnalytics,
  type UsageEvent,
} from "../../../common/analytics";
import { GENERATION_LABELS, GENERATIONS, type Generation } from "../../../common/constants";
import { markdownToPlainText } from "../../../common/markdown";
import { appSecrets } from "../../db/schema";
import type { AppContext, SessionUser } from "../../platform/context";
import { entitlementsFor } from "../../platform/entitlements";
import { unauthorized } from "../../platform/errors";
import * as q from "./queries";

const DAY_MS = 86_400_000;
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** Events per minute one visitor (member, or address when signed out) may send. */
export const USAGE_EVENTS_PER_MINUTE = 60;

const SALT_NAME = "usage-analytics-salt";
const salts = new WeakMap<AppContext, Promise<string>>();

/** One salt for every instance (kept in app_secrets), so a visitor hashes the same everywhere. */
function usageSalt(ctx: AppContext): Promise<string> {
  let salt = salts.get(ctx);
  if (!salt) {
    salt = (async () => {
      await ctx.db
        .insert(appSecrets)
        .values({ name: SALT_NAME, value: randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      const [row] = await ctx.db.select().from(appSecrets).where(eq(appSecrets.name, SALT_NAME)).limit(1);
      return row!.value;
    })();
    salts.set(ctx, salt);
    salt.catch(() => salts.delete(ctx));
  }
  return salt;
}

export interface UsageRequestInfo {
  ip: string;
  userAgent: string;
  host: string | undefined;
}

export function createAnalyticsService(ctx: AppContext) {
  const eventLimiter = ctx.limiter({
    name: "usage-events",
    points: USAGE_EVENTS_PER_MINUTE,
    durationSec: 60,
  });

  /**
   * The period of a range: whole UTC days ending today ([today - (n-1) days, now]), and the
   * period of the same length just before it.
   */
  function period(range: AnalyticsQuery["range"]) {
    const now = ctx.now();
    const days = ANALYTICS_RANGE_DAYS[range];
    const from = new Date(startOfUtcDay(now).getTime() - (days - 1) * DAY_MS);
    const to = new Date(now.getTime() + 1);
    const prevFrom = new Date(from.getTime() - days * DAY_MS);
    return { now, days, from, to, prevFrom };
  }

  async function advanced(user: SessionUser, range: AnalyticsQuery["range"]) {
    const { now, days, from, to } = period(range);
    const [rows, follow, posts, audience] = await Promise.all([
      q.daily(ctx.db, user.id, from, to),
      q.followers(ctx.db, user.id, from, to),
      q.postBreakdown(ctx.db, user.id, from, to, ANALYTICS_POSTS_MAX),
      q.audience(ctx.db, user.id, from, to),
    ]);
    const dates = lastDays(now, days);
    const byDay = new Map(dates.map((d) => [d, { views: 0, likes: 0, comments: 0, newFollowers: 0 }]));
    for (const r of rows) {
      const point = byDay.get(r.day);
      if (!point) continue;
      if (r.kind === "followers") point.newFollowers += r.n;
      else point[r.kind] += r.n;
    }
    // Followers at the end of each day: today's count minus those who followed afterwards.
    // (An unfollow leaves no row, so past days count only today's followers.)
    let after = 0;
    const series = dates
      .map((date) => ({ date, ...byDay.get(date)! }))
      .reverse()
      .map((p) => {
        const followers = Math.max(0, follow.total - after);
        after += p.newFollowers;
        return { ...p, followers };
      })
      .reverse();
    const counts = new Map(audience.map((a) => [a.generation, a.members]));
    return {
      series,
      followers: follow,
      posts: posts.map((p) => ({
        id: p.id,
        excerpt: excerpt(markdownToPlainText(p.content)),
        createdAt: iso(p.createdAt),
        isAnonymous: p.isAnonymous,
        views: p.views,
        likes: p.likes,
        comments: p.comments,
        totalViews: p.totalViews,
        totalLikes: p.totalLikes,
        totalComments: p.totalComments,
      })),
      audience: GENERATIONS.map((g: Generation) => ({
        generation: g,
        label: GENERATION_LABELS[g],
        members: counts.get(g) ?? 0,
      })),
    };
  }

  return {
    /** SPEC §9: Free none (an upgrade prompt), Basic totals, Pro and Premium everything. */
    async personal(user: SessionUser, query: AnalyticsQuery): Promise<PersonalAnalytics> {
      const { plan, analytics } = entitlementsFor(user, ctx.now());
      if (analytics === "none") {
        return { level: "none", plan, range: query.range, upgradeUrl: "/subscription" };
      }
      const { from, to, prevFrom } = period(query.range);
      const [totals, previous] = await Promise.all([
        q.totals(ctx.db, user.id, from, to),
        q.totals(ctx.db, user.id, prevFrom, from),
      ]);
      const base = {
        plan,
        range: query.range,
        from: from.toISOString(),
        to: new Date(to.getTime() - 1).toISOString(),
        totals,
        previous,
      };
      if (analytics === "basic") return { level: "basic", ...base };
      return { level: "advanced", ...base, ...(await advanced(user, query.range)) };
    },

    /**
     * A consented page view or identify (the client sends nothing before "Accept All"). Stored
     * as daily aggregates only; nothing is set in the browser. A signed-in member counts as
     * active that day; a visitor as a hash of address and browser salted per day.
     */
    async record(viewer: SessionUser | null, event: UsageEvent, info: UsageRequestInfo) {
      await eventLimiter.consume(
        viewer ? `u:${viewer.id}` : `ip:${info.ip}`,
        "Too many analytics events: rate limit reached. Please slow down.",
      );
      if (event.type === "identify" && !viewer) throw unauthorized("Please log in to identify");
      const day = ctx.now().toISOString().slice(0, 10);
      if (viewer) await q.recordActiveMember(ctx.db, day, viewer.id);
      if (event.type === "pageview") {
        const salt = await usageSalt(ctx);
        const visitor = createHash("sha256")
          .update(`${salt}|${day}|${info.ip}|${info.userAgent}`)
          .digest("base64url")
          .slice(0, 22);
        await q.recordPageView(ctx.db, day, normalizeUsagePath(event.path));
        await q.recordVisitor(ctx.db, day, visitor);
        const host = referrerHost(event.referrer, info.host);
        if (host) await q.recordReferrer(ctx.db, day, host);
      }
      return { recorded: true };
    },

    /** Admin dashboard: the last 30 days of the whole site. */
    async site(): Promise<SiteAnalytics> {
      const now = ctx.now();
      const dates = lastDays(now, SITE_ANALYTICS_DAYS);
      const fromDay = dates[0]!;
      const [rows, members, pages, referrers] = await Promise.all([
        q.siteDaily(ctx.db, fromDay),
        q.siteDistinctMembers(ctx.db, fromDay),
        q.siteTopPages(ctx.db, fromDay, SITE_TOP_PAGES),
        q.siteTopReferrers(ctx.db, fromDay, SITE_TOP_PAGES),
      ]);
      const byDay = new Map(dates.map((d) => [d, { activeMembers: 0, visitors: 0, pageViews: 0 }]));
      for (const r of rows) {
        const d = byDay.get(r.day);
        if (!d) continue;
        if (r.kind === "views") d.pageViews = r.n;
        else if (r.kind === "members") d.activeMembers = r.n;
        else d.visitors = r.n;
      }
      const days = dates.map((date) => ({ date, ...byDay.get(date)! }));
      const pageViews = days.reduce((s, d) => s + d.pageViews, 0);
      const visitorDays = days.reduce((s, d) => s + d.visitors, 0);
      return {
        from: fromDay,
        to: dates[dates.length - 1]!,
        days,
        totals: {
          pageViews,
          activeMembers: members,
          averageDailyVisitors: Math.round(visitorDays / dates.length),
        },
        topPages: pages,
        topReferrers: referrers,
      };
    },
  };
}
