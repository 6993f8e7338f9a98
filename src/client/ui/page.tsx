import type { ReactNode } from "react";
import { useEffect } from "react";
import { PRODUCT_NAME } from "../../common/constants";
import { cn } from "./cn";

/** Sets the document title for a screen: "Title · AI Agora". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME} — where minds meet machines`;
  }, [title]);
}

/** A screen's frame: one h1, an optional lead, and the content. */
export function Page({
  title,
  lead,
  actions,
  children,
  className,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  useDocumentTitle(title);
  return (
    <div className={cn("mx-auto w-full max-w-6xl px-4 py-8", className)}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          {lead ? <p className="mt-1 text-muted-foreground">{lead}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
