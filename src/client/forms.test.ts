import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One form pattern (issue 20 item 3, docs/decisions/0084): a form checks what the member types
 * with react-hook-form and the shared zod schema (`useForm` + `zodResolver`), and renders its
 * fields through `FormField` (ui/form-field.tsx). The only plain forms are these, each with
 * nothing to check; a new one needs a reason here and in the decision.
 */
const PLAIN_FORMS: Readonly<Record<string, string>> = {
  "features/ai-models/ModelsPage.tsx": "directory filters: a search box and three lists, put in the URL",
  "features/forums/ForumsPage.tsx": "a search box, filtered as the member types",
  "features/posts/HomePage.tsx": "the feed's search box",
  "features/prompts/PromptsPage.tsx": "a search box, filtered as the member types",
  "layout/SignedInHeader.tsx": "the header's search box, in the signed-in layout's chunk",
  "features/subscriptions/StripePaymentForm.tsx": "Stripe's Payment Element checks the card in its own frame",
};

/**
 * Frames that hold the <form> element for their callers: the caller is the form (useForm, the
 * resolver and the FormFields are in the calling file, which is checked as a form).
 */
const FRAMES: Readonly<Record<string, string>> = {
  "ui/form-dialog.tsx": "a dialog around a caller's form: submit, server errors, Cancel",
};

const CLIENT = path.dirname(new URL(import.meta.url).pathname);

function clientFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return clientFiles(full);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

const forms = clientFiles(CLIENT)
  .map((file) => ({
    file: path.relative(CLIENT, file).split(path.sep).join("/"),
    code: fs.readFileSync(file, "utf8"),
  }))
  .filter(({ file, code }) => !(file in FRAMES) && (code.includes("<form") || code.includes("<FormDialog")));

describe("forms", () => {
  it("finds the app's forms", () => {
    expect(forms.length).toBeGreaterThan(20);
  });

  it.each(forms.filter(({ file }) => !(file in PLAIN_FORMS)))(
    "$file validates with useForm + a zod resolver and renders FormField",
    ({ code }) => {
      expect(code).toMatch(/\buseForm\s*[<(]/);
      // zodResolver(schema), or lazyZodResolver(() => import(...)) where zod would break the route's budget.
      expect(code).toMatch(/\b(zodResolver|lazyZodResolver)\(/);
      expect(code).toMatch(/<FormField(set)?\b/);
    },
  );

  it("lists as frames only files that still hold a <form>", () => {
    for (const file of Object.keys(FRAMES)) {
      expect(fs.readFileSync(path.join(CLIENT, file), "utf8")).toContain("<form");
    }
  });

  it("lists as plain only forms that exist and still have nothing to check", () => {
    for (const file of Object.keys(PLAIN_FORMS)) {
      const form = forms.find((f) => f.file === file);
      expect(form, `${file} has no <form any more: remove it from PLAIN_FORMS`).toBeDefined();
      expect(form?.code, `${file} uses useForm: remove it from PLAIN_FORMS`).not.toMatch(/\buseForm\s*[<(]/);
    }
  });
});
