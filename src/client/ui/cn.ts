import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names and lets a later Tailwind utility override an earlier one of the same kind
 * (`cn("px-4 text-sm", "px-2")` → "text-sm px-2"), as tailwind-merge does, in ~1 kB instead of
 * ~10 kB gzip on every page (issue 12 budgets). It knows the utilities this app uses; a class it
 * does not recognise is kept as is. cn.test.ts checks it against tailwind-merge on every pair of
 * classes written in src/client.
 */

const SIZES = /^(xs|sm|base|md|lg|xl|\d+xl)$/;
const NUM = /^(\d+(\.\d+)?|px|auto|full|screen|min|max|fit|\[.+\])$/;
const DISPLAY = new Set(
  "block inline-block inline flex inline-flex grid inline-grid hidden contents table flow-root list-item".split(
    " ",
  ),
);
const POSITION = new Set("static fixed absolute relative sticky".split(" "));
/** Utilities without a value whose kind is not their own name's prefix ("kind:word,word ..."). */
const WORDS = new Map(
  "outline:outline sr:sr-only,not-sr-only decoration-line:underline,overline,line-through,no-underline text-transform:uppercase,lowercase,capitalize,normal-case numeric-spacing:tabular-nums,proportional-nums break:break-normal,break-words,break-all,break-keep overflow-wrap:wrap-anywhere,wrap-break-word,wrap-normal grow:grow shrink:shrink filter:filter backdrop-blur:backdrop-blur divide-y:divide-y divide-x:divide-x font-style:italic,not-italic font-smoothing:antialiased"
    .split(" ")
    .flatMap((entry) => {
      const [group = "", list = ""] = entry.split(":");
      return list.split(",").map((word) => [word, group] as const);
    }),
);
/** Utilities whose value follows the prefix; the longest matching prefix names the group. */
const PREFIXES =
  "min-w max-w min-h max-h gap-x gap-y gap space-x space-y grid-cols grid-rows col-span row-span line-clamp underline-offset inset-x inset-y inset top right bottom left z opacity duration ease delay size h w p px py pt pr pb pl m mx my mt mr mb ml leading tracking overflow-x overflow-y overflow cursor items justify self whitespace transition animate object select pointer-events fill stroke shrink grow basis order aspect scale translate-x translate-y rotate accent align backdrop-blur list scroll-mt from via to break-inside divide"
    .split(" ")
    .sort((a, b) => b.length - a.length);

/** A later class of the key on the left removes earlier classes of the keys on the right. */
const CONFLICTS: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml"],
  my: ["mt", "mb"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  size: ["w", "h"],
  gap: ["gap-x", "gap-y"],
  overflow: ["overflow-x", "overflow-y"],
  "text-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  flex: ["grow", "shrink", "basis"],
  rounded: ["rounded-t", "rounded-r", "rounded-b", "rounded-l"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
};

/** The kind of utility a class (without variants) is, or undefined when it is not recognised. */
export function classGroup(utility: string): string | undefined {
  const u = utility.replace(/^-/, "");
  const word = WORDS.get(u);
  if (word) return word;
  if (DISPLAY.has(u)) return "display";
  if (POSITION.has(u)) return "position";
  if (u === "truncate") return "text-overflow";
  if (/^content-(start|end|center|between|around|evenly|normal|stretch|baseline)$/.test(u)) return "content";
  if (/^(flex-(row|col)(-reverse)?)$/.test(u)) return "flex-direction";
  if (/^flex-(wrap|nowrap|wrap-reverse)$/.test(u)) return "flex-wrap";
  if (/^flex-(1|auto|initial|none)$/.test(u)) return "flex";
  const dash = u.indexOf("-");
  const head = dash < 0 ? u : u.slice(0, dash);
  const value = dash < 0 ? "" : u.slice(dash + 1);
  switch (head) {
    case "text":
      if (SIZES.test(value.split("/")[0] ?? "") || /^\[\d[\d.]*(rem|em|px)\]$/.test(value))
        return "text-size";
      if (/^(left|center|right|justify|start|end)$/.test(value)) return "text-align";
      if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return "text-wrap";
      if (/^(ellipsis|clip)$/.test(value)) return "text-overflow";
      return value ? "text-color" : undefined;
    case "font":
      if (/^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/.test(value))
        return "font-weight";
      return value ? "font-family" : undefined;
    case "bg":
      return value ? "bg-color" : undefined;
    case "rounded": {
      const side = /^([trbl])(-|$)/.exec(value)?.[1];
      return side ? `rounded-${side}` : "rounded";
    }
    case "border": {
      if (!value || NUM.test(value)) return "border-w";
      const side = /^([xytrbl])(-(\d+))?$/.exec(value);
      if (side) return `border-w-${side[1]}`;
      if (/^(collapse|separate)$/.test(value)) return "border-collapse";
      if (/^(solid|dashed|dotted|double|hidden|none)$/.test(value)) return "border-style";
      return "border-color";
    }
    case "shadow":
      return !value || /^(2xs|xs|sm|md|lg|xl|2xl|none|inner)$/.test(value) ? "shadow" : "shadow-color";
    case "ring":
      if (!value || /^\d+$/.test(value)) return "ring-w";
      if (value.startsWith("offset-"))
        return /^offset-\d+$/.test(value) ? "ring-offset-w" : "ring-offset-color";
      return "ring-color";
    case "outline":
      if (!value || /^(none|hidden|dashed|dotted|double|solid)$/.test(value)) return "outline-style";
      if (/^\d+$/.test(value)) return "outline-w";
      if (value.startsWith("offset-")) return "outline-offset";
      return "outline-color";
  }
  if (PREFIXES.includes(u)) return undefined;
  for (const prefix of PREFIXES) {
    if (u.startsWith(`${prefix}-`)) return prefix;
  }
  return undefined;
}

/** Splits `md:hover:!px-2` into its variants-and-importance key part and the utility. */
function split(cls: string): [string, string] {
  let depth = 0;
  let last = -1;
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i];
    if (c === "[") depth++;
    else if (c === "]") depth--;
    else if (c === ":" && depth === 0) last = i;
  }
  let utility = cls.slice(last + 1);
  let modifier = cls.slice(0, last + 1);
  if (utility.startsWith("!") || utility.endsWith("!")) {
    utility = utility.replace(/^!|!$/g, "");
    modifier += "!";
  }
  return [modifier, utility];
}

export function mergeClasses(classes: string): string {
  const tokens = classes.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i] as string;
    const [modifier, utility] = split(token);
    const group = classGroup(utility);
    if (group === undefined) {
      kept.push(token);
      continue;
    }
    const key = modifier + group;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const other of CONFLICTS[group] ?? []) taken.add(modifier + other);
    kept.push(token);
  }
  return kept.reverse().join(" ");
}

/**
 * Merged class lists by their input: a screen asks for the same few hundred again and again (a
 * thread's replies, a list's rows), and the server renders every page for every visitor.
 * Forgotten all at once past MERGED_MAX (class lists are few; a burst of new ones starts over).
 */
const merged = new Map<string, string>();
const MERGED_MAX = 2_000;

export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  let result = merged.get(classes);
  if (result === undefined) {
    result = mergeClasses(classes);
    if (merged.size >= MERGED_MAX) merged.clear();
    merged.set(classes, result);
  }
  return result;
}
