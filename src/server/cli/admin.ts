// `npm run admin -- <username>`: grants the admin role (PostgreSQL deployments; with PGlite,
// which is single-process, stop the server first or use a verified ADMIN_EMAILS address).
import { sql } from "drizzle-orm";
import { loadConfig } from "../config";
import { connectDatabase } from "../db/connect";
import { migrate } from "../db/migrate";
import { users } from "../db/schema";
import { announceMembersChange } from "../platform/write-sync";

const username = process.argv[2];
if (!username) {
  console.error("Usage: npm run admin -- <username>");
  process.exit(2);
}
const config = loadConfig();
const database = await connectDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: `${config.dataDir}/db`,
});
try {
  await migrate(database);
  const rows = await database.db
    .update(users)
    .set({ role: "admin" })
    .where(sql`lower(${users.username}) = lower(${username})`)
    .returning({ id: users.id, username: users.username });
  if (rows.length === 0) {
    console.error(`No member named "${username}".`);
    process.exitCode = 1;
  } else {
    console.log(`${rows[0]!.username} is now an admin.`);
    // Running instances keep sessions a minute: tell them, so the next request sees the role.
    if (config.redisUrl) {
      await announceMembersChange(config.redisUrl, config.redisPrefix).catch((err: unknown) => {
        console.warn(
          `Redis not reached (${(err as Error).message}): running instances see it within a minute.`,
        );
      });
    }
  }
} finally {
  await database.close();
}
