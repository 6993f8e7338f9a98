import { describe, expect, it } from "vitest";
import {
  checkResetForm,
  forgotPasswordSchema,
  RESET_MESSAGES,
  resetFormSchema,
  resetPasswordSchema,
} from "./password-reset";

describe("reset form checks (SPEC §5 order)", () => {
  it.each([
    ["", "", RESET_MESSAGES.fillAll],
    ["secret1", "", RESET_MESSAGES.fillAll],
    ["", "secret1", RESET_MESSAGES.fillAll],
    ["abc", "abc", "Password must be at least 6 characters long"],
    ["abc", "abd", "Password must be at least 6 characters long"],
    ["secret1", "secret2", "Passwords do not match"],
    ["secret1", "secret1", null],
  ])("%j / %j -> %j", (password, confirm, expected) => {
    expect(checkResetForm(password, confirm)).toBe(expected);
  });
});

describe("schemas", () => {
  it("trims the email and explains what is wrong", () => {
    expect(forgotPasswordSchema.parse({ email: "  a@b.io " })).toEqual({ email: "a@b.io" });
    expect(forgotPasswordSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe(
      "Please enter your email address",
    );
    expect(forgotPasswordSchema.safeParse({ email: "nope" }).error?.issues[0]?.message).toBe(
      "Please enter a valid email address",
    );
  });

  it("needs a token and a valid password", () => {
    expect(resetPasswordSchema.safeParse({ token: "", password: "secret1" }).error?.issues[0]?.message).toBe(
      RESET_MESSAGES.invalidToken,
    );
    expect(resetPasswordSchema.safeParse({ token: "t", password: "123" }).error?.issues[0]?.message).toBe(
      "Password must be at least 6 characters",
    );
  });
});

describe("the reset form's schema", () => {
  const issues = (password: string, confirm: string) =>
    resetFormSchema.safeParse({ password, confirm }).error?.issues.map((i) => [i.path.join("."), i.message]);

  it("gives one message at a time, on the field it is about", () => {
    expect(issues("", "")).toEqual([["password", RESET_MESSAGES.fillAll]]);
    expect(issues("secret1", "")).toEqual([["confirm", RESET_MESSAGES.fillAll]]);
    expect(issues("abc", "abc")).toEqual([["password", RESET_MESSAGES.passwordShort]]);
    expect(issues("secret1", "secret2")).toEqual([["confirm", RESET_MESSAGES.mismatch]]);
    expect(issues("secret1", "secret1")).toBeUndefined();
  });
});
