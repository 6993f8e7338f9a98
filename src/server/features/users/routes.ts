import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/users";
import { serve } from "../../platform/contract";
import { userEntity } from "../../platform/entities";
import { namedAnswers } from "../../platform/public-cache";
import { requireUser } from "../../platform/session";
import { profileRoutes } from "./profile-routes";
import { createUserService } from "./service";

/** src/common/api/users.ts: one's own profile and members' public profiles. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  const users = createUserService(app.ctx);
  // Posts, stats, activity and the avatar upload (multipart only inside that scope).
  await app.register(profileRoutes);

  serve(app, api.updateProfile, {}, async (request) =>
    users.updateProfile(requireUser(request), request.body),
  );
  // A profile names the member (decision 0125): it changes only by writes that name nothing
  // (profile, avatar, follows, bans) or name the member (their new post). It is the same answer
  // for every viewer, members too (nothing of the viewer's is in it).
  const theMember = namedAnswers((request) => [userEntity((request.params as { id: number }).id)], {
    anyViewer: true,
  });
  serve(app, api.getUser, theMember, async (request) => users.getPublic(request.params.id));
};
