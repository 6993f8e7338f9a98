import { createElement, lazy, Suspense } from "react";
import type { TopicKind } from "../../../common/topic-follows";

/**
 * What other client features use of this one: the Follow button of a hashtag or a model, loaded
 * on first show so the pages that carry it keep their size budgets.
 */
const LazyFollowTopicButton = lazy(() => import("./FollowTopicButton"));

type FollowTopicButtonProps = {
  kind: TopicKind;
  target: string;
  label: string;
  className?: string;
  variant?: "ghost" | "outline";
};

export function FollowTopicButton(props: FollowTopicButtonProps) {
  return createElement(Suspense, { fallback: null }, createElement(LazyFollowTopicButton, props));
}
