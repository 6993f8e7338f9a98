import {
  type AiModel,
  type GenerationRating,
  type ModelCategory,
  type ModelComment,
  type ModelPricing,
  type ModelReview,
  type ModelSummary,
  USAGE_DURATIONS,
  type UsageDuration,
} from "../../../common/ai-models";
import { GENERATIONS, type Generation } from "../../../common/constants";
import type { CommentRow, FullRow, GenerationAverage, ReviewRow, SummaryRow } from "./queries";

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function presentSummary(row: SummaryRow): ModelSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    company: row.company,
    description: row.description,
    category: row.category as ModelCategory,
    pricing: row.pricing as ModelPricing,
    pricingDetails: row.pricingDetails,
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    likes: row.likes,
    views: row.views,
    benchmarkScore: row.benchmarkScore === null ? null : Number(row.benchmarkScore),
    hasApi: row.hasApi,
    isOpenSource: row.isOpenSource,
    isVerified: row.isVerified,
    releaseDate: row.releaseDate,
    score: Number(row.score ?? 0),
  };
}

/** Generation order of the product (Gen Z first), only the generations that qualified. */
export function presentGenerationSplit(rows: GenerationAverage[]): GenerationRating[] {
  return [...rows]
    .filter((r) => (GENERATIONS as readonly string[]).includes(r.generation))
    .sort(
      (a, b) =>
        GENERATIONS.indexOf(a.generation as Generation) - GENERATIONS.indexOf(b.generation as Generation),
    )
    .map((r) => ({ generation: r.generation as Generation, average: Number(r.average), count: r.count }));
}

export function presentModel(row: FullRow, split: GenerationAverage[]): AiModel {
  return {
    ...presentSummary(row),
    longDescription: row.longDescription,
    features: row.features,
    useCases: row.useCases,
    modelSize: row.modelSize,
    trainingData: row.trainingData,
    website: row.website,
    benchmarkDetails: row.benchmarkDetails ?? {},
    sources: row.sources,
    priceInputPerM: row.priceInputPerM === null ? null : Number(row.priceInputPerM),
    priceOutputPerM: row.priceOutputPerM === null ? null : Number(row.priceOutputPerM),
    contextWindow: row.contextWindow,
    license: row.license,
    openWeights: row.openWeights,
    lastVerifiedAt: row.lastVerifiedAt,
    retiredAt: row.retiredAt === null ? null : iso(row.retiredAt),
    ratingsByGeneration: presentGenerationSplit(split.filter((s) => s.modelId === row.id)),
    ratingDistribution: [0, 1, 2, 3, 4].map((i) => Number(row.ratingCounts?.[i] ?? 0)),
  };
}

function presentAuthor(r: { authorId: number; username: string; avatar: string | null; generation: string }) {
  return { id: r.authorId, username: r.username, avatar: r.avatar, generation: r.generation as Generation };
}

export function presentReview(row: ReviewRow, viewerId: number | null): ModelReview {
  return {
    id: row.id,
    rating: Number(row.rating),
    review: row.review,
    pros: row.pros,
    cons: row.cons,
    usedFor: row.usedFor ?? [],
    usageDuration: (USAGE_DURATIONS as readonly string[]).includes(row.usageDuration ?? "")
      ? (row.usageDuration as UsageDuration)
      : null,
    modelVersion: row.modelVersion,
    versionId: row.versionId ?? null,
    helpful: Number(row.helpful),
    votedHelpful: Boolean(row.voted),
    isOwn: viewerId !== null && viewerId === row.authorId,
    author: row.anonymous
      ? { id: null, username: "Anonymous", avatar: null, generation: null }
      : presentAuthor(row),
    // The post link would lead to the anonymous post's author through the feed.
    postId: row.anonymous ? null : row.postId,
    createdAt: iso(row.createdAt),
    editedAt: row.editedAt === null ? null : iso(row.editedAt),
  };
}

export function presentComment(row: CommentRow, viewerId: number | null): ModelComment {
  return {
    id: row.id,
    content: row.content,
    author: presentAuthor(row),
    rating: row.rating === null ? null : Number(row.rating),
    likes: row.likes,
    liked: Boolean(row.liked),
    isOwn: viewerId !== null && viewerId === row.authorId,
    createdAt: iso(row.createdAt),
  };
}
