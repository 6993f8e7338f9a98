import { describe, expect, it } from "vitest";
import {
  appLink,
  digestMail,
  escapeHtml,
  oneLine,
  passwordChangedMail,
  passwordResetMail,
  welcomeMail,
} from "./mail-templates";

const APP = "https://agora.example";
const EVIL = `<img src=x onerror="alert('x')">&`;

describe("mail templates", () => {
  it("escapes the five HTML special characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
    expect(escapeHtml(42)).toBe("42");
  });

  it("never puts a member's name into the HTML unescaped", () => {
    for (const mail of [
      passwordResetMail({
        username: EVIL,
        link: `${APP}/reset-password?token=abc&x="y"`,
        ttlMinutes: 30,
        appUrl: APP,
      }),
      passwordChangedMail({ username: EVIL, appUrl: APP }),
      welcomeMail({ username: EVIL, appUrl: APP }),
      digestMail({
        username: EVIL,
        entries: [{ kind: "mention", actorName: EVIL, url: "/post/1", excerpt: EVIL }],
        more: 0,
        appUrl: APP,
      }),
    ]) {
      expect(mail.html).not.toContain("<img");
      expect(mail.html).not.toContain(`"alert`);
      expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;");
      expect(mail.text).toContain("<img"); // plain text stays as typed
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
  });

  it("escapes the link inside href and keeps it whole in the text", () => {
    const link = `${APP}/reset-password?token=abc&x="y"`;
    const mail = passwordResetMail({ username: "ada", link, ttlMinutes: 30, appUrl: APP });
    expect(mail.html).toContain(`href="${APP}/reset-password?token=abc&amp;x=&quot;y&quot;"`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("30 minutes");
  });

  it("keeps digest links inside the app", () => {
    expect(appLink(APP, "/post/3")).toBe(`${APP}/post/3`);
    expect(appLink(APP, `${APP}/forums/2`)).toBe(`${APP}/forums/2`);
    expect(appLink(APP, "//evil.example/x")).toBe(`${APP}/`);
    expect(appLink(APP, "https://evil.example/x")).toBe(`${APP}/`);
    expect(appLink(APP, "javascript:alert(1)")).toBe(`${APP}/`);
  });

  it("summarises a digest and counts what it does not list", () => {
    const one = digestMail({
      username: "ada",
      entries: [{ kind: "follow", actorName: "bob", url: "/profile/2", excerpt: "" }],
      more: 0,
      appUrl: APP,
    });
    expect(one.subject).toBe("bob started following you on AI Agora");
    const many = digestMail({
      username: "ada",
      entries: [
        { kind: "reply", actorName: null, url: "/forums/1", excerpt: "" },
        { kind: "mention", actorName: "cy", url: "/post/1", excerpt: "line\none\u0007" },
      ],
      more: 3,
      appUrl: APP,
    });
    expect(many.subject).toBe("5 new updates on AI Agora");
    expect(many.text).toContain("A member replied to your thread");
    expect(many.text).toContain("cy mentioned you: “line one”");
    expect(many.text).toContain("…and 3 more.");
  });

  it("flattens text to one bounded line", () => {
    expect(oneLine("a\r\nb\tc   d")).toBe("a b c d");
    expect(oneLine("x".repeat(300), 10)).toHaveLength(10);
  });
});
