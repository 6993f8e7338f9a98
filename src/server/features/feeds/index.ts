import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { PRODUCT_NAME, TAGLINE } from "../../../common/constants";
import { FEED_CONTENT_TYPE, FEED_TAG_RE, feedPaths } from "../../../common/feeds";
import { markdownToPlainText } from "../../../common/markdown";
import { ANONYMOUS_AUTHOR } from "../../../common/posts";
import { PROMPT_CATEGORIES, type PromptCategory } from "../../../common/prompts";
import { promptUrl } from "../../../common/social";
import { badRequest, notFound } from "../../platform/errors";
import { listAnswers } from "../../platform/public-cache";
import * as q from "./queries";
import { lazy } from "../../platform/lazy";

/** The feed writer, loaded at the first feed asked for. */
const feedLib = lazy<typeof import("feed")>("feed");

/**
 * Atom feeds (issue 21 item 7, decision 0101), outside /api: app.ts registers this plugin at the
 * root, since the API contract holds /api routes only. Each feed is what a visitor sees: hidden
 * items absent, a stealth item's author "Anonymous". Every text is the item's plain text
 * (Markdown marks removed), HTML-escaped, as Atom's `type="html"` fields need.
 */
interface Entry {
  title: string;
  path: string;
  text: string;
  author: string;
  date: Date;
  published?: Date;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeText = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
const plain = (markdown: string) => markdownToPlainText(markdown).trim();
/** A title from an item's first words. */
const titleOf = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= 80 ? flat || "Untitled" : `${flat.slice(0, 79).trimEnd()}…`;
};
const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const authorName = (username: string, anonymous: boolean) =>
  anonymous ? ANONYMOUS_AUTHOR.username : username;

const isPromptCategory = (value: string): value is PromptCategory =>
  (PROMPT_CATEGORIES as readonly string[]).includes(value);

const ID_RE = /^[1-9][0-9]{0,9}$/;
/** The id of `<id>.xml` (400 for anything else); 404 past Postgres's integer range. */
function idOf(file: string): number {
  const raw = file.endsWith(".xml") ? file.slice(0, -4) : "";
  if (!ID_RE.test(raw)) throw badRequest("Use a numeric id followed by .xml", "invalid_feed_id");
  const id = Number(raw);
  if (id > 2_147_483_647) throw notFound();
  return id;
}

export const feedsFeature: FastifyPluginAsync = async (app) => {
  const { db, config } = app.ctx;
  const site = config.appUrl;

  function send(
    reply: FastifyReply,
    request: FastifyRequest,
    meta: { title: string; description: string; page: string },
    entries: Entry[],
  ) {
    const updated = entries.reduce<Date | undefined>(
      (max, e) => (!max || e.date > max ? e.date : max),
      undefined,
    );
    const self = `${site}${request.url.split("?")[0]}`;
    const feed = new (feedLib().Feed)({
      id: self,
      title: `${meta.title} · ${PRODUCT_NAME}`,
      description: meta.description,
      link: `${site}${meta.page}`,
      updated: updated ?? new Date(0),
      generator: PRODUCT_NAME,
      language: "en",
      feedLinks: { atom: self },
      copyright: `${PRODUCT_NAME} members`,
    });
    for (const e of entries) {
      feed.addItem({
        title: escapeText(e.title),
        id: `${site}${e.path}`,
        link: `${site}${e.path}`,
        date: e.date,
        published: e.published,
        content: `<p>${escapeText(e.text).replace(/\n+/g, "</p><p>")}</p>`,
        author: [{ name: e.author }],
      });
    }
    return reply.header("content-type", `${FEED_CONTENT_TYPE}; charset=utf-8`).send(feed.atom1());
  }

  const cached = listAnswers({ anyViewer: true });
  const postEntry = (p: q.PostRow): Entry => {
    const text = plain(p.content);
    return {
      title: titleOf(text),
      path: `/post/${p.id}`,
      text,
      author: authorName(p.username, p.anonymous),
      date: asDate(p.updatedAt),
      published: asDate(p.createdAt),
    };
  };

  app.get(feedPaths.posts(), cached, async (request, reply) =>
    send(
      reply,
      request,
      { title: "Latest posts", description: TAGLINE, page: "/" },
      (await q.latestPosts(db)).map(postEntry),
    ),
  );

  app.get<{ Params: { file: string } }>("/feeds/tags/:file", cached, async (request, reply) => {
    const file = request.params.file;
    const tag = file.endsWith(".xml") ? file.slice(0, -4).replace(/^#/, "") : "";
    if (!FEED_TAG_RE.test(tag))
      throw badRequest("Use a hashtag of letters, digits or _ followed by .xml", "invalid_tag");
    return send(
      reply,
      request,
      { title: `#${tag}`, description: `Posts tagged #${tag}`, page: `/?tag=${encodeURIComponent(tag)}` },
      (await q.latestPosts(db, tag)).map(postEntry),
    );
  });

  app.get<{ Params: { id: string } }>("/feeds/members/:id", cached, async (request, reply) => {
    const member = await q.findMember(db, idOf(request.params.id));
    if (!member) throw notFound("Member not found");
    return send(
      reply,
      request,
      {
        title: `Posts by ${member.username}`,
        description: `${member.username}'s public posts`,
        page: `/profile/${member.id}`,
      },
      (await q.memberPosts(db, member.id)).map(postEntry),
    );
  });

  app.get<{ Params: { id: string } }>("/feeds/forums/:id", cached, async (request, reply) => {
    const forum = await q.findForum(db, idOf(request.params.id));
    if (!forum) throw notFound("Forum not found");
    const threads = await q.forumThreads(db, forum.id);
    return send(
      reply,
      request,
      { title: forum.name, description: forum.description || forum.name, page: `/forums/${forum.id}` },
      threads.map((t) => ({
        title: t.title,
        path: `/forums/${forum.id}/threads/${t.id}`,
        text: plain(t.content),
        author: t.username,
        date: asDate(t.updatedAt),
        published: asDate(t.createdAt),
      })),
    );
  });

  app.get<{ Params: { id: string } }>("/feeds/threads/:id", cached, async (request, reply) => {
    const thread = await q.findThread(db, idOf(request.params.id));
    if (!thread) throw notFound("Thread not found");
    const page = `/forums/${thread.forumId}/threads/${thread.id}`;
    const replies = await q.threadReplies(db, thread.id);
    return send(
      reply,
      request,
      { title: thread.title, description: `Replies to ${thread.title}`, page },
      replies.map((r) => {
        const text = plain(r.content);
        return {
          title: `${r.username}: ${titleOf(text)}`,
          path: `${page}#reply-${r.id}`,
          text,
          author: r.username,
          date: asDate(r.editedAt ?? r.createdAt),
          published: asDate(r.createdAt),
        };
      }),
    );
  });

  app.get<{ Params: { slug: string } }>("/feeds/models/:slug/reviews.xml", cached, async (request, reply) => {
    const slug = request.params.slug;
    if (slug.length > 200) throw notFound("Model not found");
    const model = await q.findModel(db, slug);
    if (!model) throw notFound("Model not found");
    const reviews = await q.modelReviews(db, model.id);
    return send(
      reply,
      request,
      {
        title: `Reviews of ${model.name}`,
        description: `Members' reviews of ${model.name} by ${model.company}`,
        page: `/ai-models/${model.slug}`,
      },
      reviews.map((r) => {
        const author = authorName(r.username, r.anonymous);
        const parts = [r.review, r.pros && `Pros: ${r.pros}`, r.cons && `Cons: ${r.cons}`].filter(Boolean);
        const text = [`Rated ${r.rating}/5`, ...parts.map((p) => plain(p as string))].join("\n");
        return {
          title: `${author} rated ${model.name} ${r.rating}/5`,
          path: `/ai-models/${model.slug}#review-${r.id}`,
          text,
          author,
          date: asDate(r.createdAt),
        };
      }),
    );
  });

  app.get<{ Params: { file: string } }>("/feeds/prompts/:file", cached, async (request, reply) => {
    const file = request.params.file;
    const category = file.endsWith(".xml") ? file.slice(0, -4) : "";
    if (!isPromptCategory(category)) throw notFound("No such prompt category");
    const rows = await q.promptsOf(db, category);
    return send(
      reply,
      request,
      {
        title: `${category[0]?.toUpperCase()}${category.slice(1)} prompts`,
        description: `Prompts in ${category}`,
        page: `/prompts?category=${category}`,
      },
      rows.map((p) => ({
        title: p.title,
        path: promptUrl(p.id),
        text: [p.description, plain(p.content)].filter(Boolean).join("\n"),
        author: p.username,
        date: asDate(p.createdAt),
      })),
    );
  });
};
