import { PRODUCT_NAME } from "../../../common/constants";

/** Manual install hints of SPEC §8, by browser. */
export type InstallBrowser = "chromium" | "safari" | "firefox" | "other";

export interface InstallInstructions {
  browser: InstallBrowser;
  /** The browser family as the dialog names it. */
  label: string;
  steps: string[];
}

export const PROMPT_FAILED_MESSAGE = "Unable to show install prompt. To install manually:";

/** The browser family of a user agent string. Edge, Opera, Brave, Samsung Internet use Chromium. */
export function detectInstallBrowser(userAgent: string): InstallBrowser {
  const ua = userAgent.toLowerCase();
  // Every iOS browser installs through Share > Add to Home Screen, as Safari does.
  if (ua.includes("iphone") || ua.includes("ipad")) return "safari";
  if (ua.includes("firefox/") || ua.includes("fxios/")) return "firefox";
  if (ua.includes("edg/") || ua.includes("edga/") || ua.includes("edgios/")) return "chromium";
  if (ua.includes("chrome/") || ua.includes("chromium/") || ua.includes("crios/")) return "chromium";
  if (ua.includes("safari/") && ua.includes("version/")) return "safari";
  return "other";
}

export function installInstructions(userAgent: string): InstallInstructions {
  const browser = detectInstallBrowser(userAgent);
  switch (browser) {
    case "chromium":
      return {
        browser,
        label: "Chrome or Edge",
        steps: [
          "Look for the install icon at the right end of the address bar and select it.",
          `Or open the browser menu (⋮ or …) and choose "Install ${PRODUCT_NAME}" or "Apps", then "Install this site as an app".`,
        ],
      };
    case "safari":
      return {
        browser,
        label: "Safari",
        steps: [
          "Tap the Share button.",
          'Choose "Add to Home Screen" (on a Mac: "Add to Dock"), then confirm.',
        ],
      };
    case "firefox":
      return {
        browser,
        label: "Firefox",
        steps: ["Open the browser menu (☰ or ⋮).", 'Choose "Install" (or "Add to Home screen" on Android).'],
      };
    default:
      return {
        browser,
        label: "your browser",
        steps: [
          'Open your browser\'s menu and look for "Install app", "Add to Home screen" or a similar option.',
          "If there is none, bookmark this page: your browser may not support installing web apps.",
        ],
      };
  }
}
