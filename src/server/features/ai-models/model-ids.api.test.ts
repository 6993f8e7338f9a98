import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_MODEL_IDS } from "../../../common/models";
import { MIGRATIONS_DIR } from "../../db/migrate";
import { createTestApp, randomTag, type TestApp } from "../../test/harness";

/** Issue 25 item 16: every form's endpoint stores every id of the one list (docs/decisions/0072). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("the one list of model ids, end to end", () => {
  it("is accepted and stored by posts, forums, prompts and favorite models", async () => {
    for (const id of AI_MODEL_IDS) {
      const m = await t.register();
      const post = await t.inject({
        method: "POST",
        url: "/api/posts",
        payload: { content: `A short review of ${id} ${randomTag()}`, aiModel: id, rating: 4 },
        as: m,
      });
      expect(post.statusCode, `${id}: ${post.body}`).toBe(201);
      expect(post.json().aiModel).toBe(id);
      const forum = await t.inject({
        method: "POST",
        url: "/api/forums",
        payload: { name: `Forum ${id} ${randomTag()}`, description: "Talk about it", aiModel: id },
        as: m,
      });
      expect(forum.statusCode, `${id}: ${forum.body}`).toBe(201);
      expect(forum.json().aiModel).toBe(id);
      const prompt = await t.inject({
        method: "POST",
        url: "/api/prompts",
        payload: { title: `Prompt ${id}`, content: `Explain ${id} in one line ${randomTag()}`, aiModel: id },
        as: m,
      });
      expect(prompt.statusCode, `${id}: ${prompt.body}`).toBe(201);
      expect(prompt.json().aiModel).toBe(id);
      const profile = await t.inject({
        method: "PUT",
        url: "/api/profile",
        payload: { favoriteModels: [id] },
        as: m,
      });
      expect(profile.statusCode, `${id}: ${profile.body}`).toBe(200);
      expect(profile.json().favoriteModels).toEqual([id]);
    }
  });

  it("refuses the old display names with 400, never 500", async () => {
    const m = await t.register();
    for (const [url, method, payload] of [
      ["/api/posts", "POST", { content: "A short review here", aiModel: "ChatGPT", rating: 4 }],
      [
        "/api/forums",
        "POST",
        { name: `Forum ${randomTag()}`, description: "Talk", aiModel: "General / Other" },
      ],
      ["/api/prompts", "POST", { title: "A prompt", content: "Do it well", aiModel: "Any model" }],
      ["/api/profile", "PUT", { favoriteModels: ["Stable Diffusion"] }],
    ] as const) {
      const res = await t.inject({ method, url, payload, as: m });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
  });

  it("migration 0014 rewrites the display names stored before the list into ids", async () => {
    const m = await t.register();
    const post = await t.inject({
      method: "POST",
      url: "/api/posts",
      payload: { content: `An older review ${randomTag()}` },
      as: m,
    });
    const postId = Number(post.json().id);
    // Rows as the old rating dialog and profile form stored them.
    await t.exec(`UPDATE posts SET ai_model = 'ChatGPT', rating = 4 WHERE id = ${postId};
      UPDATE users SET favorite_models = ARRAY['Stable Diffusion', 'DALL-E', 'Claude'] WHERE id = ${Number(m.id)}`);
    const file = fs.readFileSync(path.join(MIGRATIONS_DIR, "0014_comment_threads_model_ids.sql"), "utf8");
    const mapping = file.slice(file.indexOf("CREATE TEMPORARY TABLE legacy_model_ids"));
    await t.exec(`BEGIN; ${mapping} COMMIT;`);
    expect((await t.inject({ method: "GET", url: `/api/posts/${postId}` })).json().aiModel).toBe("chatgpt");
    const me = await t.inject({ method: "GET", url: "/api/auth/me", as: m });
    expect(me.json().favoriteModels).toEqual(["stable-diffusion", "dall-e", "claude"]);
  });
});
