import { describe, expect, it } from "vitest";
import { profileUpdateSchema } from "./auth";
import { FORUM_MODELS, forumCreateSchema } from "./forums";
import {
  AI_MODEL_IDS,
  AI_MODELS,
  aiModelLabel,
  FAVORITE_MODEL_CHOICES,
  FORUM_MODEL_CHOICES,
  PROMPT_MODEL_CHOICES,
  RATING_MODEL_CHOICES,
  toAiModelId,
} from "./models";
import { postCreateSchema } from "./posts";
import { PROMPT_MODELS, PROMPT_VOTE_MODELS, promptCreateSchema, promptListQuerySchema } from "./prompts";

const ids = new Set<string>(AI_MODEL_IDS);
const labelOf = new Map<string, string>(AI_MODELS.map((m) => [m.id, m.label]));

describe("the one list of AI model identifiers", () => {
  it("has distinct ids and labels", () => {
    expect(ids.size).toBe(AI_MODELS.length);
    expect(new Set(AI_MODELS.map((m) => m.label)).size).toBe(AI_MODELS.length);
    for (const id of AI_MODEL_IDS) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it("every form offers members of the list, with the list's labels, in the spec's counts", () => {
    const forms = {
      rating: RATING_MODEL_CHOICES,
      forum: FORUM_MODEL_CHOICES,
      prompt: PROMPT_MODEL_CHOICES,
      favorites: FAVORITE_MODEL_CHOICES,
    };
    for (const choices of Object.values(forms)) {
      for (const c of choices) {
        expect(ids.has(c.value)).toBe(true);
        expect(c.label).toBe(labelOf.get(c.value));
      }
    }
    // SPEC §9: six with the last "other"; the forum form one more; the prompt form four; 10 favorites.
    expect(RATING_MODEL_CHOICES).toHaveLength(6);
    expect(RATING_MODEL_CHOICES.at(-1)!.value).toBe("other");
    expect(FORUM_MODEL_CHOICES).toHaveLength(7);
    expect(PROMPT_MODEL_CHOICES).toHaveLength(4);
    expect(FAVORITE_MODEL_CHOICES).toHaveLength(10);
    for (const v of [...FORUM_MODELS, ...PROMPT_MODELS, ...PROMPT_VOTE_MODELS]) expect(ids.has(v)).toBe(true);
  });

  const schemas: Record<string, (id: string) => boolean> = {
    "POST /api/posts aiModel": (id) =>
      postCreateSchema.safeParse({ content: "A fair review", aiModel: id, rating: 4 }).success,
    "POST /api/forums aiModel": (id) =>
      forumCreateSchema.safeParse({ name: "A forum", description: "About it", aiModel: id }).success,
    "POST /api/prompts aiModel": (id) =>
      promptCreateSchema.safeParse({ title: "A prompt", content: "Do it", aiModel: id }).success,
    "GET /api/prompts aiModel": (id) => promptListQuerySchema.safeParse({ aiModel: id }).success,
    "PUT /api/profile favoriteModels": (id) =>
      profileUpdateSchema.safeParse({ favoriteModels: [id] }).success,
  };
  for (const [name, accepts] of Object.entries(schemas)) {
    it(`${name} accepts exactly the list`, () => {
      for (const id of AI_MODEL_IDS) expect(accepts(id), id).toBe(true);
      // Display names, other spellings and strangers are not identifiers.
      for (const bad of ["ChatGPT", "Other", "Stable Diffusion", "CLAUDE", "gpt-4o", "skynet"]) {
        expect(accepts(bad), bad).toBe(false);
      }
    });
  }

  it("maps the identifiers stored before the list, and labels them", () => {
    expect(toAiModelId("ChatGPT")).toBe("chatgpt");
    expect(toAiModelId("Other")).toBe("other");
    expect(toAiModelId("Stable Diffusion")).toBe("stable-diffusion");
    expect(toAiModelId("DALL-E")).toBe("dall-e");
    expect(toAiModelId("skynet")).toBeUndefined();
    expect(aiModelLabel("Other")).toBe("Other");
    expect(aiModelLabel("stable-diffusion")).toBe("Stable Diffusion");
    expect(aiModelLabel("skynet")).toBe("skynet");
  });
});
