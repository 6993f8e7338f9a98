import { lazy } from "../../platform/lazy";

/** The user-agent parser, loaded when a member first lists their sessions. */
const bowser = lazy<typeof import("bowser")>("bowser");

export interface BrowserInfo {
  /** "Chrome 131", "Firefox 133", or "Unknown browser". */
  browser: string;
  /** "Windows 10", "macOS", "Android 14", or "Unknown system". */
  system: string;
  /** Browser family and system without versions: what makes a browser "new" for an account. */
  key: string;
}

/** Reads a User-Agent header with bowser (a maintained parser); never throws. */
export function describeUserAgent(userAgent: string): BrowserInfo {
  let name = "";
  let version = "";
  let os = "";
  let osVersion = "";
  if (userAgent) {
    try {
      const parsed = bowser().parse(userAgent);
      name = parsed.browser.name ?? "";
      version = (parsed.browser.version ?? "").split(".")[0] ?? "";
      os = parsed.os.name ?? "";
      osVersion = parsed.os.versionName ?? "";
    } catch {
      // unreadable header: unknown browser
    }
  }
  const browser = name ? `${name}${version ? ` ${version}` : ""}` : "Unknown browser";
  const system = os ? `${os}${osVersion ? ` ${osVersion}` : ""}` : "Unknown system";
  return { browser, system, key: `${name || "unknown"}|${os || "unknown"}`.toLowerCase() };
}
