/**
 * What writes of posts name for the answers that show them (decisions 0119, 0137): a hashtag's
 * and a model's posts, as a member's kept Following tab names the ones they follow.
 */
export const tagEntity = (tag: string) => `tag:${tag.toLowerCase()}`;
export const modelPostsEntity = (aiModel: string) => `model-posts:${aiModel}`;
