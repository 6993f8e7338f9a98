import { type ComponentProps, lazy, Suspense } from "react";
import type { EditedMark as Mark } from "../history";

// Post cards sit on routes at the edge of their size budget (the profile): the mark, its dialog
// and its word diff load with the first edited post or comment shown (decision 0106).
const EditedMark = lazy(() => import("../history").then((m) => ({ default: m.EditedMark })));

/** The "edited" mark of a post or comment, loaded lazily. */
export function LazyEditedMark(props: ComponentProps<typeof Mark>) {
  return (
    <Suspense fallback={null}>
      <EditedMark {...props} />
    </Suspense>
  );
}
