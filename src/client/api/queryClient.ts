import { QueryClient } from "@tanstack/react-query";

/**
 * SPEC §9 defaults: never stale, no refetch interval or on focus, no retry. Every query names its
 * fetch (`queryFn: () => call(route, input)`, src/client/api/client.ts): a key is not a URL.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
