import type { FastifyReply, FastifyRequest } from "fastify";
import { PRODUCT_NAME } from "../../../common/constants";
import type { PageQuery } from "../../../common/http";
import { SESSION_MESSAGES, type SessionInfo, type SessionList } from "../../../common/sessions";
import type { AppContext, SessionUser } from "../../platform/context";
import { badRequest, notFound } from "../../platform/errors";
import { escapeHtml, oneLine } from "../../platform/mail-templates";
import { endSession, startSession } from "../../platform/session";
import { describeUserAgent } from "./browser";
import {
  deleteOtherSessions,
  deleteOwnSession,
  isOwnSession,
  listSessionRows,
  newBrowserEmailOn,
  rememberBrowserRow,
  setNewBrowserEmail,
} from "./queries";

export interface SignedInMember {
  id: number;
  username: string;
  email: string;
}

const userAgentOf = (request: FastifyRequest) => {
  const ua = request.headers["user-agent"];
  return typeof ua === "string" ? ua.slice(0, 512) : "";
};

/** Records the browser a member signed in with; mails them when it is new (and they want it). */
export async function rememberBrowser(
  ctx: AppContext,
  request: FastifyRequest,
  member: SignedInMember,
  options: { notify: boolean },
): Promise<void> {
  const info = describeUserAgent(userAgentOf(request));
  const { isNew, hadOthers } = await rememberBrowserRow(ctx.db, member.id, info.key, ctx.now());
  if (!options.notify || !isNew || !hadOthers) return;
  if (!(await newBrowserEmailOn(ctx.db, member.id))) return;
  const when = ctx.now().toUTCString();
  const link = `${ctx.config.appUrl}/settings/security`;
  const lines = [
    `Your ${PRODUCT_NAME} account was just signed in to from a browser it was not used with before:`,
    `${info.browser} on ${info.system}, from ${request.ip}, ${when}.`,
    "If this was you, there is nothing to do.",
    `If it was not, change your password and end that session on ${link}.`,
  ];
  const name = oneLine(member.username);
  void ctx.mailer
    .send({
      to: member.email,
      subject: `New sign-in to your ${PRODUCT_NAME} account`,
      text: [
        `Hi ${name},`,
        "",
        ...lines,
        "",
        `You can turn these emails off on ${link}.`,
        `— ${PRODUCT_NAME}`,
      ].join("\n"),
      html: [
        `<p>Hi ${escapeHtml(name)},</p>`,
        ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
        `<p>You can turn these emails off on <a href="${escapeHtml(link)}">Sign-in and security</a>.</p>`,
      ].join("\n"),
    })
    .catch((err) => ctx.log.warn({ err }, "new-browser email not sent"));
}

/**
 * Every successful sign-in ends here (password alone, or password and second step): the old
 * session of the request is replaced by a new one (no fixation), and the browser is checked
 * against those the member used before (the new-browser email).
 */
export async function completeSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  member: SignedInMember,
): Promise<void> {
  if (request.sessionTokenHash) await endSession(ctx, request, reply);
  await startSession(ctx, ctx.db, reply, member.id);
  await rememberBrowser(ctx, request, member, { notify: true });
}

export function createSessionsService(ctx: AppContext) {
  return {
    async list(user: SessionUser, currentTokenHash: string, page: PageQuery): Promise<SessionList> {
      const rows = await listSessionRows(ctx.db, user.id, ctx.now(), page.limit, page.cursor);
      const items: SessionInfo[] = rows.slice(0, page.limit).map((row) => {
        const { browser, system } = describeUserAgent(row.userAgent);
        return {
          id: row.id,
          browser,
          system,
          ip: row.ip,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.tokenHash === currentTokenHash,
        };
      });
      return { items, nextCursor: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null };
    },

    async endOne(user: SessionUser, currentTokenHash: string, id: number) {
      if (await deleteOwnSession(ctx.db, user.id, id, currentTokenHash)) {
        return { message: SESSION_MESSAGES.ended };
      }
      if (await isOwnSession(ctx.db, user.id, id, currentTokenHash)) {
        throw badRequest(SESSION_MESSAGES.thisDevice, "current_session");
      }
      throw notFound(SESSION_MESSAGES.notFound);
    },

    async endOthers(user: SessionUser, currentTokenHash: string) {
      const ended = await deleteOtherSessions(ctx.db, user.id, currentTokenHash);
      return { ended, message: ended === 1 ? "1 other session ended" : `${ended} other sessions ended` };
    },

    async preferences(user: SessionUser) {
      return { newBrowserEmail: await newBrowserEmailOn(ctx.db, user.id) };
    },

    async updatePreferences(user: SessionUser, newBrowserEmail: boolean) {
      await setNewBrowserEmail(ctx.db, user.id, newBrowserEmail, ctx.now());
      return { newBrowserEmail };
    },
  };
}
