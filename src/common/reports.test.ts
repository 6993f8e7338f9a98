import { describe, expect, it } from "vitest";
import { REPORT_MESSAGES, reportCreateSchema } from "./reports";

describe("reportCreateSchema", () => {
  const reasonMessage = (reason: unknown) =>
    reportCreateSchema
      .safeParse({ targetType: "post", targetId: 1, reason })
      .error?.issues.find((i) => i.path[0] === "reason")?.message;

  it("asks for a reason when none is chosen, as the report dialog says", () => {
    expect(reasonMessage(undefined)).toBe("Please choose a reason");
    expect(reasonMessage(null)).toBe("Please choose a reason");
  });

  it("names the list for a reason outside it", () => {
    expect(reasonMessage("boring")).toBe(REPORT_MESSAGES.reasonInvalid);
  });
});
