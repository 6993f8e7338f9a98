/**
 * Test support (API tests and browser journeys): reads the subject, plain text and HTML of a
 * message as nodemailer builds it, and finds the reset link in it. No dependencies.
 */
export interface ParsedMail {
  subject: string;
  text: string;
  html: string;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? "7bit").toLowerCase();
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (enc === "quoted-printable") {
    const soft = body.replace(/=\r?\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      const hex = soft.slice(i + 1, i + 3);
      if (soft[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(soft[i]!, "utf8"));
      }
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return body;
}

function decodeHeaderWord(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeBody(data.replace(/_/g, " "), "quoted-printable"),
  );
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const normalized = part.replace(/\r\n/g, "\n");
  const idx = normalized.indexOf("\n\n");
  const head = idx === -1 ? normalized : normalized.slice(0, idx);
  const body = idx === -1 ? "" : normalized.slice(idx + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Parses a message as nodemailer builds it (single part or multipart/alternative). */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHeaders(raw);
  const result = { subject: decodeHeaderWord(headers.subject ?? ""), text: "", html: "" };
  const collect = (h: Record<string, string>, b: string) => {
    const type = (h["content-type"] ?? "text/plain").toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(h["content-type"] ?? "")?.[1];
    if (type.startsWith("multipart/") && boundary) {
      const parts = b.split(`--${boundary}`).slice(1);
      for (const p of parts) {
        if (p.startsWith("--")) break;
        const sub = splitHeaders(p.replace(/^\n/, ""));
        collect(sub.headers, sub.body);
      }
      return;
    }
    const decoded = decodeBody(b, h["content-transfer-encoding"]);
    if (type.startsWith("text/html")) result.html += decoded;
    else if (type.startsWith("text/plain")) result.text += decoded;
  };
  collect(headers, body);
  return result;
}

/** The reset link of a mail's plain text. */
export function extractResetLink(text: string): string {
  const m = /(https?:\/\/\S+\/reset-password\?token=[\w%-]+)/.exec(text);
  if (!m) throw new Error(`no reset link in:\n${text}`);
  return m[1]!;
}
