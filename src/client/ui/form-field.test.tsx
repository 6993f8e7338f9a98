import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormField, fieldControlProps, sharedFieldErrors } from "./form-field";

describe("fieldControlProps", () => {
  it("leaves a valid field without aria-invalid or a description", () => {
    expect(fieldControlProps({ id: "f" })).toEqual({
      id: "f",
      "aria-invalid": undefined,
      "aria-describedby": undefined,
      "aria-required": undefined,
    });
  });

  it("marks an invalid field and points at its hint and its error", () => {
    expect(fieldControlProps({ id: "f", hint: "Help", error: "Bad", required: true })).toEqual({
      id: "f",
      "aria-invalid": true,
      "aria-describedby": "f-hint f-error",
      "aria-required": true,
    });
  });

  it("points at a message shown by another field", () => {
    const props = fieldControlProps({ id: "g", errorId: "f-error" });
    expect(props["aria-invalid"]).toBe(true);
    expect(props["aria-describedby"]).toBe("f-error");
  });
});

describe("FormField", () => {
  it("renders the label for the control, the hint and the error announced as an alert", () => {
    const html = renderToStaticMarkup(
      <FormField id="forum-name" label="Forum name" hint="3 to 60 characters" error="Too short">
        {(control) => <input {...control} />}
      </FormField>,
    );
    expect(html).toContain('for="forum-name"');
    expect(html).toContain('id="forum-name"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="forum-name-hint forum-name-error"');
    expect(html).toContain('<p id="forum-name-hint"');
    expect(html).toMatch(/<p id="forum-name-error" role="alert"[^>]*>Too short<\/p>/);
  });

  it("renders no error element while the field is valid", () => {
    const html = renderToStaticMarkup(
      <FormField id="s" label="Subject">
        {(control) => <input {...control} />}
      </FormField>,
    );
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain('role="alert"');
  });
});

describe("sharedFieldErrors", () => {
  const order = [
    { name: "name", id: "forum-name" },
    { name: "description", id: "forum-description" },
    { name: "aiModel", id: "forum-model" },
  ] as const;

  it("shows a repeated message once, under the first invalid field", () => {
    const fill = { message: "Please fill in all fields." };
    expect(sharedFieldErrors({ description: fill, aiModel: fill }, order)).toEqual({
      name: {},
      description: { error: "Please fill in all fields." },
      aiModel: { errorId: "forum-description-error" },
    });
  });

  it("shows different messages on their own fields", () => {
    expect(
      sharedFieldErrors(
        {
          name: { message: "Forum name must be at least 3 characters" },
          aiModel: { message: "Please fill in all fields." },
        },
        order,
      ),
    ).toEqual({
      name: { error: "Forum name must be at least 3 characters" },
      description: {},
      aiModel: { error: "Please fill in all fields." },
    });
  });
});
