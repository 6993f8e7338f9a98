import { z } from "zod";
import { plainText } from "./http";

/** What a member can report (DESIGN §5: "User Reports" built for real). */
export const REPORT_TARGET_TYPES = [
  "post",
  "comment",
  "thread",
  "reply",
  "prompt",
  "battle",
  "user",
] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_TARGET_LABELS: Record<ReportTargetType, string> = {
  post: "post",
  comment: "comment",
  thread: "thread",
  reply: "reply",
  prompt: "prompt",
  battle: "Arena battle",
  user: "member",
};

/** The fixed list of reasons a member picks from. */
export const REPORT_REASONS = [
  "spam",
  "harassment",
  "hate",
  "misinformation",
  "sexual",
  "violence",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam or advertising",
  harassment: "Harassment or bullying",
  hate: "Hate speech",
  misinformation: "Misinformation",
  sexual: "Sexual content",
  violence: "Violence or threats",
  other: "Something else",
};

/** Reports from this many different members hide an item until an admin reviews it. */
export const AUTO_HIDE_THRESHOLD = 3;
export const REPORT_DETAILS_MAX = 1000;

export const REPORT_MESSAGES = {
  sent: "Thanks for letting us know. A moderator will review this report.",
  alreadyReported: "You have already reported this; a moderator will review it.",
  ownContent: "You cannot report your own content",
  notFound: "The item you reported was not found",
  loginRequired: "Please log in to report content",
  reasonMissing: "Please choose a reason",
  reasonInvalid: "Please choose a reason: spam, harassment, hate, misinformation, sexual, violence or other",
  targetInvalid: "targetType must be one of post, comment, thread, reply, prompt, battle or user",
  detailsLong: `Details must be at most ${REPORT_DETAILS_MAX} characters`,
} as const;

export const reportCreateSchema = z.strictObject({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: REPORT_MESSAGES.targetInvalid }),
  targetId: z
    .number({ error: "targetId must be a number" })
    .int("targetId must be a whole number")
    .positive("targetId must be positive")
    .max(2_147_483_647, "targetId is too large"),
  reason: z.enum(REPORT_REASONS, {
    // The form's message when no reason is picked; a reason outside the list names the list.
    error: (issue) => (issue.input == null ? REPORT_MESSAGES.reasonMissing : REPORT_MESSAGES.reasonInvalid),
  }),
  details: plainText("Details").trim().max(REPORT_DETAILS_MAX, REPORT_MESSAGES.detailsLong).optional(),
});
export type ReportCreateInput = z.input<typeof reportCreateSchema>;

export const reportCreatedSchema = z.object({ id: z.number().int(), message: z.string() });
export type ReportCreated = z.infer<typeof reportCreatedSchema>;
