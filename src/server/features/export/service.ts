import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { PRODUCT_NAME } from "../../../common/constants";
import {
  type DataExport,
  EXPORT_INTERVAL_MS,
  EXPORT_MESSAGES,
  EXPORT_PAGE_PATH,
  EXPORT_TTL_MS,
  type ExportState,
  exportRateLimitMessage,
} from "../../../common/export";
import type { AppContext, SessionUser } from "../../platform/context";
import { AppError, notFound, tooManyRequests } from "../../platform/errors";
import type { JobInfo } from "../../platform/jobs";
import { exportReadyMail } from "../../platform/mail-templates";
import { notify } from "../notifications/public";
import { uploadPath } from "../uploads/public";
import { avatarPath } from "../users/public";
import { type ArchiveEntry, writeZip } from "./archive";
import { collectMemberData } from "./collect";
import {
  type DataExportRow,
  exportFilesOf,
  findCountedExportSince,
  findExpiredExports,
  findExportById,
  findLatestExport,
  findOwnExport,
  insertPendingExport,
  markExportExpired,
  markExportFailed,
  markExportReady,
} from "./queries";

export const EXPORT_JOB = "export.build";
export const EXPORT_SWEEP_JOB = "export.sweep";
export const EXPORT_SWEEP_SECONDS = 60 * 60;

/** Random names only: 32 base64url characters, so a file cannot be guessed or walked to. */
const EXPORT_FILE_RE = /^[A-Za-z0-9_-]{32}\.zip$/;

export const exportsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, "exports");

function exportFile(ctx: AppContext, name: string): string | null {
  return EXPORT_FILE_RE.test(name) ? path.join(exportsDir(ctx), name) : null;
}

const expiredError = () => new AppError(410, EXPORT_MESSAGES.expired, "export_expired");

/**
 * A ready export past its 7 days reads as expired even before the sweep removed its file; one
 * still pending after a day was lost beyond the queue's retries and reads as failed.
 */
function statusOf(row: DataExportRow, now: Date): DataExport["status"] {
  if (row.status === "ready" && row.expiresAt && row.expiresAt <= now) return "expired";
  if (row.status === "pending" && row.requestedAt.getTime() <= now.getTime() - EXPORT_INTERVAL_MS) {
    return "failed";
  }
  return row.status as DataExport["status"];
}

export function presentExport(row: DataExportRow, now: Date): DataExport {
  const status = statusOf(row, now);
  const ready = status === "ready";
  return {
    id: row.id,
    status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: ready ? (row.expiresAt?.toISOString() ?? null) : null,
    sizeBytes: ready ? (row.sizeBytes ?? null) : null,
  };
}

const README = (username: string, at: Date) => `${PRODUCT_NAME} — your data
=====================================

Exported for ${username} on ${at.toISOString()}.

Every file is JSON (UTF-8); times are ISO 8601 in UTC. Other members appear only by id and
username. Your anonymous posts, comments and reviews are included and marked "isAnonymous" /
"anonymous": true (other members never saw your name on them). Content moderators hid is marked
"hiddenByModerators": true.

profile.json              your profile: username, email, bio, generation, favorite models, plan
posts.json                your posts, anonymous ones too
comments.json             your comments on posts ("onPosts") and on AI models ("onModels")
forum-threads.json        the forum threads you started
forum-replies.json        your replies in forum threads
forum-memberships.json    the forums you joined
prompts.json              the prompts you shared
ratings-and-reviews.json  your ratings of AI models and their reviews
likes.json                what you liked: posts, models, prompts, model comments; reviews you found helpful
votes.json                your votes on prompts' best models and in the Arena
follows.json              the members you follow and those who follow you
blocks-and-mutes.json     the members you blocked; the members, threads, forums and hashtags you muted
saved.json                your saved posts, threads and prompts, and your saved models
settings.json             your notification and sign-in email settings
subscriptions.json        your subscription history
images/                   your avatar and the images of your posts

Not included: your password (only a one-way hash is stored), two-factor secrets, passkeys and
sessions: they only serve to sign you in and cannot be used elsewhere.
`;

const encoder = new TextEncoder();

async function* imageEntries(ctx: AppContext, urls: string[]): AsyncGenerator<ArchiveEntry> {
  for (const url of urls) {
    const file = uploadPath(ctx, url) ?? avatarPath(ctx, url);
    if (!file) continue;
    const data = await fs.readFile(file).catch(() => null);
    if (data) yield { name: `images/${path.basename(file)}`, data, compress: false };
  }
}

/** Builds one export: the ZIP under DATA_DIR/exports, then the notification and the mail. */
export async function buildExport(ctx: AppContext, exportId: number, job?: JobInfo): Promise<void> {
  const row = await findExportById(ctx.db, exportId);
  if (row?.status !== "pending") return;
  let written: string | null = null;
  try {
    const data = await collectMemberData(ctx.db, row.userId);
    if (!data) return; // the member is gone (their row went with them)
    const now = ctx.now();
    const profile = data.files["profile.json"] as { username: string; email: string };
    const entries: ArchiveEntry[] = [
      { name: "README.txt", data: encoder.encode(README(profile.username, now)), compress: true },
      ...Object.entries(data.files).map(([name, value]) => ({
        name,
        data: encoder.encode(`${JSON.stringify(value, null, 2)}\n`),
        compress: true,
      })),
    ];
    for await (const image of imageEntries(ctx, data.images)) entries.push(image);

    const fileName = `${randomBytes(24).toString("base64url")}.zip`;
    await fs.mkdir(exportsDir(ctx), { recursive: true });
    written = path.join(exportsDir(ctx), fileName);
    const sizeBytes = await writeZip(written, entries, now);
    const expiresAt = new Date(now.getTime() + EXPORT_TTL_MS);
    if (!(await markExportReady(ctx.db, row.id, { fileName, sizeBytes, readyAt: now, expiresAt }))) {
      await fs.rm(written, { force: true });
      return;
    }
    written = null;
    await notify(ctx, {
      recipientId: row.userId,
      type: "generic",
      phrase: EXPORT_MESSAGES.ready,
      url: EXPORT_PAGE_PATH,
      actorId: null,
    });
    await ctx.mailer.send({
      to: profile.email,
      ...exportReadyMail({
        username: profile.username,
        link: `${ctx.config.appUrl}${EXPORT_PAGE_PATH}`,
        expiresAt,
        appUrl: ctx.config.appUrl,
      }),
    });
  } catch (err) {
    if (written) await fs.rm(written, { force: true }).catch(() => {});
    // The last attempt failed: the member may ask again at once (a failure is not counted).
    if (!job || job.retryCount >= job.retryLimit) await markExportFailed(ctx.db, row.id);
    throw err;
  }
}

/** Removes the files of exports past their 7 days; answers how many. */
export async function sweepExpiredExports(ctx: AppContext): Promise<number> {
  const expired = await findExpiredExports(ctx.db, ctx.now(), 100);
  for (const row of expired) {
    const file = row.fileName ? exportFile(ctx, row.fileName) : null;
    if (file) await fs.rm(file, { force: true });
    await markExportExpired(ctx.db, row.id);
  }
  return expired.length;
}

/** The files of a member's exports, to remove once their account is deleted. */
export async function memberExportFiles(ctx: AppContext, userId: number): Promise<string[]> {
  return (await exportFilesOf(ctx.db, userId)).flatMap((name) => exportFile(ctx, name) ?? []);
}

export async function removeExportFiles(files: string[]): Promise<void> {
  for (const file of files) await fs.rm(file, { force: true }).catch(() => {});
}

export function createExportService(ctx: AppContext) {
  const nextRequestAt = async (userId: number, now: Date): Promise<Date | null> => {
    const counted = await findCountedExportSince(
      ctx.db,
      userId,
      new Date(now.getTime() - EXPORT_INTERVAL_MS),
    );
    return counted ? new Date(counted.requestedAt.getTime() + EXPORT_INTERVAL_MS) : null;
  };

  return {
    async state(user: SessionUser): Promise<ExportState> {
      const now = ctx.now();
      const latest = await findLatestExport(ctx.db, user.id);
      const next = await nextRequestAt(user.id, now);
      return {
        latest: latest ? presentExport(latest, now) : null,
        nextRequestAt: next?.toISOString() ?? null,
      };
    },

    async request(user: SessionUser): Promise<DataExport> {
      const now = ctx.now();
      const latest = await findLatestExport(ctx.db, user.id);
      if (latest?.status === "pending") {
        if (statusOf(latest, now) === "pending") return presentExport(latest, now);
        await markExportFailed(ctx.db, latest.id); // lost: make way for a new one
      }
      const next = await nextRequestAt(user.id, now);
      if (next) throw tooManyRequests(exportRateLimitMessage(next), "export_rate_limited");
      const row = await insertPendingExport(ctx.db, user.id, now);
      if (!row) {
        // A concurrent request of the same member won: answer theirs.
        const pending = await findLatestExport(ctx.db, user.id);
        if (pending) return presentExport(pending, now);
        throw notFound(EXPORT_MESSAGES.notFound);
      }
      try {
        await ctx.jobs.send(EXPORT_JOB, { exportId: row.id });
      } catch (err) {
        await markExportFailed(ctx.db, row.id);
        throw err;
      }
      return presentExport(row, now);
    },

    /** The owner's ready export file, or the refusal: 404 (not theirs or none), 410, 409. */
    async download(
      user: SessionUser,
      id: number,
    ): Promise<{ file: string; size: number; row: DataExportRow }> {
      const row = await findOwnExport(ctx.db, user.id, id);
      if (!row) throw notFound(EXPORT_MESSAGES.notFound);
      const status = statusOf(row, ctx.now());
      if (status === "expired") throw expiredError();
      if (status !== "ready" || !row.fileName) {
        throw new AppError(409, EXPORT_MESSAGES.notReady, "export_not_ready");
      }
      const file = exportFile(ctx, row.fileName);
      const stat = file ? await fs.stat(file).catch(() => null) : null;
      if (!file || !stat?.isFile()) throw expiredError();
      return { file, size: stat.size, row };
    },
  };
}
