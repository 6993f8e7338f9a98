import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/follows";
import * as topicApi from "../../../common/api/topic-follows";
import { SOCIAL_MESSAGES } from "../../../common/social";
import { TOPIC_FOLLOW_MESSAGES } from "../../../common/topic-follows";
import { serve } from "../../platform/contract";
import { requireUser } from "../../platform/session";
import { createFollowService } from "./service";
import { createTopicFollowService } from "./topics";

/** src/common/api/follows.ts: following members, hashtags and models, and who follows whom. */
export const followRoutes: FastifyPluginAsync = async (app) => {
  const follows = createFollowService(app.ctx);
  const topics = createTopicFollowService(app.ctx);
  const topicLogin = (request: Parameters<typeof requireUser>[0]) =>
    requireUser(request, TOPIC_FOLLOW_MESSAGES.login);
  const login = (request: Parameters<typeof requireUser>[0]) =>
    requireUser(request, SOCIAL_MESSAGES.followLogin);

  serve(app, api.getFollowingStatus, {}, async (request) =>
    follows.status(login(request), request.params.id),
  );
  serve(app, api.followUser, {}, async (request) => follows.follow(login(request), request.params.id));
  serve(app, api.unfollowUser, {}, async (request) => follows.unfollow(login(request), request.params.id));
  serve(app, api.listFollowers, {}, async (request) =>
    follows.list(request.params.id, "followers", request.query),
  );
  serve(app, api.listFollowing, {}, async (request) =>
    follows.list(request.params.id, "following", request.query),
  );
  serve(app, topicApi.listTopicFollows, {}, async (request) => topics.list(topicLogin(request)));
  serve(app, topicApi.followTopic, {}, async (request) =>
    topics.follow(topicLogin(request), request.params.kind, request.params.target),
  );
  serve(app, topicApi.unfollowTopic, {}, async (request) =>
    topics.unfollow(topicLogin(request), request.params.kind, request.params.target),
  );
};
