import { describe, expect, it } from "vitest";
import { addressKey } from "./rate-limit";

describe("addressKey (issue 25: one key per client for per-address limits)", () => {
  it("keeps IPv4 addresses as they are, and IPv4-mapped IPv6 as IPv4", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every address of one IPv6 /64 as one, whatever its spelling", () => {
    const key = addressKey("2001:db8:1:2::1");
    for (const ip of [
      "2001:db8:1:2::ffff",
      "2001:0db8:0001:0002:0:0:0:1",
      "2001:DB8:1:2:aaaa:bbbb:cccc:dddd",
    ]) {
      expect(addressKey(ip)).toBe(key);
    }
    expect(addressKey("2001:db8:1:3::1")).not.toBe(key);
    expect(addressKey("2001:db8::1")).toBe(addressKey("2001:db8:0:0:ffff::1"));
    expect(addressKey("[2001:db8:1:2::1]")).toBe(key);
  });
});
