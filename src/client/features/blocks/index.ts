import { createElement, lazy, Suspense } from "react";

/**
 * What other client features use of this one: the menus, loaded on first show so the pages that
 * carry them keep their size budgets (the dropdown lives in its own chunk).
 */
const LazyMemberMenu = lazy(() => import("./MemberMenu"));
const LazyMuteButton = lazy(() => import("./MuteButton"));

type MemberMenuProps = { userId: number; username: string; className?: string };
type MuteButtonProps = { kind: "thread" | "forum" | "hashtag"; target: string; className?: string };

export function MemberMenu(props: MemberMenuProps) {
  return createElement(Suspense, { fallback: null }, createElement(LazyMemberMenu, props));
}

export function MuteButton(props: MuteButtonProps) {
  return createElement(Suspense, { fallback: null }, createElement(LazyMuteButton, props));
}
