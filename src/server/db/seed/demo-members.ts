import { randomBytes } from "node:crypto";
import { usernameSkeleton } from "../../platform/username-skeleton";
import { users } from "../schema";
import { demoMembers } from "./demo-content";
import type { SeedStep } from "./index";

/** Demo members cannot sign in: their password hash is unusable (no known password ships). */
export const demoMembersSeed: SeedStep = {
  name: "demo-members",
  order: 100,
  demo: true,
  async run(ctx) {
    for (const m of demoMembers) {
      await ctx.db
        .insert(users)
        .values({
          username: m.username,
          usernameSkeleton: usernameSkeleton(m.username),
          email: `${m.username}@demo.aiagora.invalid`,
          passwordHash: `!demo$${randomBytes(16).toString("base64")}`,
          generation: m.generation,
          bio: m.bio,
          favoriteModels: m.favoriteModels,
          isDemo: 1,
        })
        .onConflictDoNothing();
    }
  },
};
