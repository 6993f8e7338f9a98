import { sql } from "drizzle-orm";
import { queryRows } from "../../db/connect";
import type { SeedStep } from "../../db/seed";
import { recountFollows } from "./queries";

/** How many of the next demo members each demo member follows. */
const DEMO_FOLLOWS_EACH = 3;

/**
 * Demo follows among the demo members (marked demo, like every demo row), so profiles and
 * follower lists are not empty on a fresh site. Idempotent: existing follows are kept and the
 * counters are recomputed from the rows. No notifications: nobody acted.
 */
const demoFollowsSeed: SeedStep = {
  name: "demo-follows",
  order: 250,
  demo: true,
  async run(ctx) {
    const demo = (
      await queryRows<{ id: number }>(ctx.db, sql`SELECT id FROM users WHERE is_demo = 1 ORDER BY id`)
    ).map((r) => Number(r.id));
    if (demo.length < 2) return;
    const pairs: [number, number][] = [];
    demo.forEach((id, i) => {
      for (let k = 1; k <= Math.min(DEMO_FOLLOWS_EACH, demo.length - 1); k++)
        pairs.push([id, demo[(i + k) % demo.length]!]);
    });
    await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO follows (follower_id, followee_id)
            VALUES ${sql.join(
              pairs.map(([a, b]) => sql`(${a}, ${b})`),
              sql`, `,
            )}
            ON CONFLICT DO NOTHING`,
      );
      await recountFollows(tx, demo);
    });
  },
};

/** This feature's seed steps, declared on the app's registry by its plugin (index.ts). */
export const seedSteps: readonly SeedStep[] = [demoFollowsSeed];
