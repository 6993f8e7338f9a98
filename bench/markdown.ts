/**
 * Markdown rendering of pathological input (issue 21 item 1: "a 100 KB pathological input
 * answering in under 100 ms"): each input of src/client/ui/markdown/pathological.ts rendered by
 * the app's MarkdownView on the server renderer, processor time best of five. Run on a quiet
 * machine; exit code 1 when an input takes 100 ms or more. The unit test keeps a bound that only
 * runaway parsing breaks (CI shares its two cores with the other test files).
 *
 *   npm run bench:markdown
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import MarkdownView from "../src/client/ui/markdown/MarkdownView";
import { bestCpuMs, PATHOLOGICAL_INPUTS } from "../src/client/ui/markdown/pathological";

const TARGET_MS = 100;
const render = (source: string) => renderToStaticMarkup(createElement(MarkdownView, { source }));

render("warm up **the** parser");
let over = 0;
for (const input of PATHOLOGICAL_INPUTS) {
  const ms = bestCpuMs(() => render(input), 5);
  if (ms >= TARGET_MS) over += 1;
  console.log(
    `${JSON.stringify(input.slice(0, 16)).padEnd(24)} ${(input.length / 1000).toFixed(0).padStart(4)} KB  ${ms.toFixed(1).padStart(7)} ms${ms >= TARGET_MS ? "  OVER" : ""}`,
  );
}
console.log(over === 0 ? `every input under ${TARGET_MS} ms` : `${over} input(s) at or over ${TARGET_MS} ms`);
process.exit(over === 0 ? 0 : 1);
