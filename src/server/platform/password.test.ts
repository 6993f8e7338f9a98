import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("correct horse", 10);
    expect(hash.startsWith("scrypt$10$8$1$")).toBe(true);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horse!", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same", 10)).not.toBe(await hashPassword("same", 10));
  });

  it("uses OWASP's cost by default", async () => {
    const hash = await hashPassword("x");
    expect(hash.split("$")[1]).toBe("17");
  });

  it("refuses malformed stored hashes", async () => {
    expect(await verifyPassword("x", "!demo$abc")).toBe(false);
    expect(await verifyPassword("x", "")).toBe(false);
  });
});
