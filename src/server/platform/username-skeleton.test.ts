import { describe, expect, it } from "vitest";
import { usernameSkeleton } from "./username-skeleton";

describe("usernameSkeleton (issue 25: lookalike usernames)", () => {
  it.each([
    ["rоot_sec", "root_sec"], // Cyrillic о
    ["root_seс", "root_sec"], // Cyrillic с
    ["ｒｏｏｔ_sec", "root_sec"], // fullwidth
    ["Root_SEC", "root_sec"], // case
    ["ıdor_bob", "idor_bob"], // dotless i
    ["ǀǀǀadmin", "llladmin"], // U+01C0 dental click
    ["IIIadmin", "llladmin"], // capital I looks like small l
    ["111admin", "llladmin"],
    ["r00t_sec", "root_sec"],
    ["modern", "modem"], // rn looks like m
    ["vvolf", "wolf"],
  ])("%s looks like %s", (lookalike, original) => {
    expect(usernameSkeleton(lookalike)).toBe(usernameSkeleton(original));
  });

  it.each([
    ["root_sec", "root-sec"],
    ["root_sec", "rootsec"],
    ["alice", "alicia"],
    ["ada.l", "ada_l"],
  ])("%s and %s stay distinct", (a, b) => {
    expect(usernameSkeleton(a)).not.toBe(usernameSkeleton(b));
  });

  it("is lowercase ASCII for Latin lookalikes and never empty", () => {
    expect(usernameSkeleton("ｒｏｏｔ_sec")).toBe("root_sec");
    expect(usernameSkeleton("日本語").length).toBeGreaterThan(0);
  });
});
