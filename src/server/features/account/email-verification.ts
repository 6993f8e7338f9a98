import { randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { VERIFY_MESSAGES, VERIFY_TOKEN_TTL_HOURS } from "../../../common/email-verification";
import type { DbOrTx } from "../../db/connect";
import { emailVerificationTokens, type PublicUserRow, type UserRow, users } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { verifyEmailMail } from "../../platform/mail-templates";
import { hashToken } from "../../platform/session";

const TOKEN_TTL_MS = VERIFY_TOKEN_TTL_HOURS * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function verifyLink(ctx: AppContext, token: string): string {
  return `${ctx.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

/** Any live link of the member dies (a new address, a new link). */
export async function deleteVerificationTokens(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
}

/** Issues a fresh link for the member's current address (older ones die) and mails it. */
export async function sendVerificationLink(
  ctx: AppContext,
  user: Pick<UserRow, "id" | "email" | "username">,
): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await deleteVerificationTokens(tx, user.id);
    await tx.insert(emailVerificationTokens).values({
      userId: user.id,
      email: user.email.toLowerCase(),
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
    });
  });
  await ctx.db
    .delete(emailVerificationTokens)
    .where(lt(emailVerificationTokens.expiresAt, new Date(now.getTime() - DAY_MS)));
  await ctx.mailer.send({
    to: user.email,
    ...verifyEmailMail({
      username: user.username,
      link: verifyLink(ctx, token),
      ttlHours: VERIFY_TOKEN_TTL_HOURS,
      appUrl: ctx.config.appUrl,
    }),
  });
}

/**
 * Email verification (issue 25, docs/decisions/0050-verified-admin-emails.md). A link holds a
 * random 256-bit token; only its sha256 is stored, with the member and the address it was
 * mailed to. Following it (once, within 24 hours) verifies that address of that member, and
 * only while it is still their address.
 */
export function createEmailVerificationService(ctx: AppContext) {
  const resendByMember = ctx.limiter({ name: "verify-email-send", points: 3, durationSec: 60 * 60 });

  return {
    /** "Send the link again" from the account screen: 3 an hour per member. */
    async resend(user: PublicUserRow): Promise<{ message: string }> {
      if (user.emailVerifiedAt) throw new AppError(409, VERIFY_MESSAGES.alreadyVerified, "already_verified");
      await resendByMember.consume(String(user.id), VERIFY_MESSAGES.rateLimited);
      await sendVerificationLink(ctx, user);
      return { message: VERIFY_MESSAGES.sent };
    },

    /**
     * Consumes the token and verifies the address it was mailed to, if the member still has it.
     * Whoever follows the link (signed in as anybody, or not) verifies that member's address only.
     */
    async verify(token: string): Promise<{ message: string; userId: number }> {
      const now = ctx.now();
      const userId = await ctx.db.transaction(async (tx) => {
        const [claimed] = await tx
          .delete(emailVerificationTokens)
          .where(
            and(
              eq(emailVerificationTokens.tokenHash, hashToken(token)),
              gt(emailVerificationTokens.expiresAt, now),
            ),
          )
          .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
        if (!claimed) return undefined;
        const [row] = await tx
          .update(users)
          .set({ emailVerifiedAt: now, updatedAt: now })
          .where(and(eq(users.id, claimed.userId), sql`lower(${users.email}) = ${claimed.email}`))
          .returning({ id: users.id });
        return row?.id;
      });
      if (userId === undefined) throw invalidVerificationToken();
      return { message: VERIFY_MESSAGES.verified, userId };
    },
  };
}

export const invalidVerificationToken = () =>
  new AppError(400, VERIFY_MESSAGES.invalidToken, "invalid_verification_token");
