import { Button } from "./button";

/** What `LoadMore` needs of an infinite query (TanStack Query's `useInfiniteQuery` result). */
interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The next page of a keyset-paged list, on request: a button while there is one more page (busy
 * while it loads), nothing after the last. `centered` puts it in the middle of its own row.
 */
export function LoadMore({
  list,
  label = "Load more",
  centered = false,
}: {
  list: PagedList;
  label?: string;
  centered?: boolean;
}) {
  if (!list.hasNextPage) return null;
  const button = (
    <Button variant="outline" pending={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
      {label}
    </Button>
  );
  return centered ? <div className="flex justify-center">{button}</div> : button;
}
