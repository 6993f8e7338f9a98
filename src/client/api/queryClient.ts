import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { ApiError, getJson } from "./http";

type On401 = "throw" | "returnNull";

/** Default GET queries use the query key as the URL (SPEC §7). */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T> {
  return async ({ queryKey }) => {
    try {
      return await getJson<T>(queryKey.join("/") as string);
    } catch (err) {
      if (on401 === "returnNull" && err instanceof ApiError && err.status === 401) return null as T;
      throw err;
    }
  };
}

/** SPEC §9 defaults: never stale, no refetch interval or on focus, no retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
