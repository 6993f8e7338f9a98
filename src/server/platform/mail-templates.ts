import { PRODUCT_NAME, TAGLINE } from "../../common/constants";

/**
 * Every mail the product sends, as plain text and HTML. Every value interpolated into HTML goes
 * through `escapeHtml` (usernames, excerpts and links are member-controlled or contain `&`).
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Plain text on one line: control characters and line breaks become spaces (excerpts, names). */
export function oneLine(value: string, max = 200): string {
  const flat = value
    .replace(/[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * An absolute link inside the app: a path ("/post/5") is joined to `appUrl`; an absolute URL
 * is kept only when it points at the app itself, anything else falls back to the home page.
 */
export function appLink(appUrl: string, target: string): string {
  if (target.startsWith("/") && !target.startsWith("//")) return `${appUrl}${target}`;
  try {
    if (new URL(target).origin === new URL(appUrl).origin) return target;
  } catch {
    // not a URL
  }
  return `${appUrl}/`;
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(label)}</a></p>`;
}

function layout(title: string, bodyHtml: string, appUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:18px;font-weight:700">${escapeHtml(PRODUCT_NAME)} <span style="font-weight:400;color:#71717a">· ${escapeHtml(TAGLINE)}</span></p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="margin:32px 0 0;font-size:12px;color:#71717a">${escapeHtml(PRODUCT_NAME)} · <a href="${escapeHtml(appUrl)}" style="color:#71717a">${escapeHtml(appUrl)}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

const p = (html: string) => `<p style="margin:0 0 12px;line-height:1.5">${html}</p>`;

export function passwordResetMail(input: {
  username: string;
  link: string;
  ttlMinutes: number;
  appUrl: string;
}): MailContent {
  const subject = `Reset your ${PRODUCT_NAME} password`;
  const text = [
    `Hi ${oneLine(input.username)},`,
    "",
    `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.`,
    "Open this link to choose a new password:",
    "",
    input.link,
    "",
    `The link expires in ${input.ttlMinutes} minutes and can be used once.`,
    "If you did not ask for this, ignore this email: your password stays the same.",
    "",
    `— ${PRODUCT_NAME}`,
  ].join("\n");
  const html = layout(
    "Reset your password",
    [
      p(`Hi ${escapeHtml(oneLine(input.username))},`),
      p(`Someone (hopefully you) asked to reset the password of your ${escapeHtml(PRODUCT_NAME)} account.`),
      button(input.link, "Choose a new password"),
      p(
        `Or paste this link into your browser:<br><a href="${escapeHtml(input.link)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(input.link)}</a>`,
      ),
      p(`The link expires in ${escapeHtml(input.ttlMinutes)} minutes and can be used once.`),
      p("If you did not ask for this, ignore this email: your password stays the same."),
    ].join("\n"),
    input.appUrl,
  );
  return { subject, text, html };
}

export function verifyEmailMail(input: {
  username: string;
  link: string;
  ttlHours: number;
  appUrl: string;
}): MailContent {
  const subject = `Verify your ${PRODUCT_NAME} email address`;
  const text = [
    `Hi ${oneLine(input.username)},`,
    "",
    `Please confirm that this address belongs to your ${PRODUCT_NAME} account by opening this link:`,
    "",
    input.link,
    "",
    `The link expires in ${input.ttlHours} hours and can be used once.`,
    "If you did not create an account or change your address, ignore this email.",
    "",
    `— ${PRODUCT_NAME}`,
  ].join("\n");
  const html = layout(
    "Verify your email address",
    [
      p(`Hi ${escapeHtml(oneLine(input.username))},`),
      p(`Please confirm that this address belongs to your ${escapeHtml(PRODUCT_NAME)} account.`),
      button(input.link, "Verify my email address"),
      p(
        `Or paste this link into your browser:<br><a href="${escapeHtml(input.link)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(input.link)}</a>`,
      ),
      p(`The link expires in ${escapeHtml(input.ttlHours)} hours and can be used once.`),
      p("If you did not create an account or change your address, ignore this email."),
    ].join("\n"),
    input.appUrl,
  );
  return { subject, text, html };
}

export function passwordChangedMail(input: { username: string; appUrl: string }): MailContent {
  const subject = `Your ${PRODUCT_NAME} password was changed`;
  const resetLink = `${input.appUrl}/forgot-password`;
  const text = [
    `Hi ${oneLine(input.username)},`,
    "",
    `The password of your ${PRODUCT_NAME} account was just reset, and every signed-in device was signed out.`,
    `If this was not you, reset your password now: ${resetLink}`,
    "",
    `— ${PRODUCT_NAME}`,
  ].join("\n");
  const html = layout(
    "Your password was changed",
    [
      p(`Hi ${escapeHtml(oneLine(input.username))},`),
      p(
        `The password of your ${escapeHtml(PRODUCT_NAME)} account was just reset, and every signed-in device was signed out.`,
      ),
      p(
        `If this was not you, <a href="${escapeHtml(resetLink)}" style="color:#4f46e5">reset your password now</a>.`,
      ),
    ].join("\n"),
    input.appUrl,
  );
  return { subject, text, html };
}

/** The member's data export is ready (docs/decisions/0107): where to download it, and until when. */
export function exportReadyMail(input: {
  username: string;
  link: string;
  expiresAt: Date;
  appUrl: string;
}): MailContent {
  const subject = `Your ${PRODUCT_NAME} data export is ready`;
  const until = `${input.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const text = [
    `Hi ${oneLine(input.username)},`,
    "",
    `The export of your ${PRODUCT_NAME} data you asked for is ready: a ZIP of JSON files and your images.`,
    "Sign in and download it here:",
    "",
    input.link,
    "",
    `It can be downloaded until ${until}; after that it is deleted.`,
    "If you did not ask for this, change your password: someone may be signed in to your account.",
    "",
    `— ${PRODUCT_NAME}`,
  ].join("\n");
  const html = layout(
    "Your data export is ready",
    [
      p(`Hi ${escapeHtml(oneLine(input.username))},`),
      p(
        `The export of your ${escapeHtml(PRODUCT_NAME)} data you asked for is ready: a ZIP of JSON files and your images.`,
      ),
      button(input.link, "Download your data"),
      p(`It can be downloaded until ${escapeHtml(until)}; after that it is deleted.`),
      p("If you did not ask for this, change your password: someone may be signed in to your account."),
    ].join("\n"),
    input.appUrl,
  );
  return { subject, text, html };
}

export function welcomeMail(input: { username: string; appUrl: string }): MailContent {
  const subject = `Welcome to ${PRODUCT_NAME}!`;
  const name = oneLine(input.username);
  const text = [
    `Hi ${name},`,
    "",
    `Welcome to ${PRODUCT_NAME} — ${TAGLINE}.`,
    "Share your experiences with AI models, join the forums, swap prompts and follow other members.",
    "",
    `Start here: ${input.appUrl}/`,
    "",
    `— ${PRODUCT_NAME}`,
  ].join("\n");
  const html = layout(
    `Welcome, ${name}!`,
    [
      p(`Welcome to ${escapeHtml(PRODUCT_NAME)} — ${escapeHtml(TAGLINE)}.`),
      p("Share your experiences with AI models, join the forums, swap prompts and follow other members."),
      button(`${input.appUrl}/`, "Open the community"),
    ].join("\n"),
    input.appUrl,
  );
  return { subject, text, html };
}

export type DigestKind = "follow" | "reply" | "mention";

export interface DigestEntry {
  kind: DigestKind;
  actorName: string | null;
  /** A path inside the app or an absolute app URL. */
  url: string;
  excerpt: string;
}

function describe(entry: DigestEntry): string {
  const who = entry.actorName ? oneLine(entry.actorName, 60) : "A member";
  switch (entry.kind) {
    case "follow":
      return `${who} started following you`;
    case "reply":
      return `${who} replied to your thread`;
    case "mention":
      return `${who} mentioned you`;
  }
}

export function digestMail(input: {
  username: string;
  entries: DigestEntry[];
  more: number;
  appUrl: string;
}): MailContent {
  const count = input.entries.length + input.more;
  const subject =
    count === 1
      ? `${describe(input.entries[0]!)} on ${PRODUCT_NAME}`
      : `${count} new updates on ${PRODUCT_NAME}`;
  const lines = input.entries.map((e) => {
    const excerpt = e.excerpt ? `: “${oneLine(e.excerpt, 140)}”` : "";
    return `- ${describe(e)}${excerpt}\n  ${appLink(input.appUrl, e.url)}`;
  });
  const moreText = input.more > 0 ? [`…and ${input.more} more.`] : [];
  const footer = "You get these emails for new followers, replies and mentions, at most one per hour.";
  const text = [
    `Hi ${oneLine(input.username)},`,
    "",
    `Here is what happened on ${PRODUCT_NAME}:`,
    "",
    ...lines,
    ...moreText,
    "",
    `Open ${PRODUCT_NAME}: ${input.appUrl}/`,
    "",
    footer,
  ].join("\n");
  const items = input.entries
    .map((e) => {
      const excerpt = e.excerpt
        ? `<br><span style="color:#52525b">“${escapeHtml(oneLine(e.excerpt, 140))}”</span>`
        : "";
      return `<li style="margin:0 0 12px;line-height:1.5"><a href="${escapeHtml(appLink(input.appUrl, e.url))}" style="color:#4f46e5">${escapeHtml(describe(e))}</a>${excerpt}</li>`;
    })
    .join("\n");
  const html = layout(
    "What you missed",
    [
      p(`Hi ${escapeHtml(oneLine(input.username))}, here is what happened on ${escapeHtml(PRODUCT_NAME)}:`),
      `<ul style="padding-left:20px;margin:0 0 12px">${items}</ul>`,
      input.more > 0 ? p(`…and ${escapeHtml(input.more)} more.`) : "",
      button(`${input.appUrl}/`, `Open ${PRODUCT_NAME}`),
      `<p style="margin:0;font-size:12px;color:#71717a">${escapeHtml(footer)}</p>`,
    ].join("\n"),
    input.appUrl,
  );
  return { subject, text, html };
}
