import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import type { PagedResource } from "../lib/use-resource";
import { Button, Spinner } from "./ui";

/** SPEC.md section 9: the next page loads 400 px before the end of the list. */
export const SCROLL_MARGIN = "0px 0px 400px 0px";

/**
 * The end of a paged list (the staff list, the places lists): observed so the next page loads before the user reaches
 * it, observed again after every page so a screen still short of the end keeps loading; a spinner while loading; a
 * 'Load more' button where the browser cannot observe.
 */
export function ListEnd<T>({
  paged,
  loadMoreLabel,
  loadingLabel,
  className,
  testId,
}: {
  paged: Pick<PagedResource<T>, "list" | "loading" | "loadMore">;
  loadMoreLabel: string;
  loadingLabel?: string;
  className?: string;
  testId?: string;
}) {
  useSignals();
  const sentinel = useRef<HTMLDivElement>(null);
  const { list, loading, loadMore } = paged;
  const observable = typeof IntersectionObserver !== "undefined";
  useEffect(() => {
    if (!observable || loading || list.done || list.nextPage === 1 || !sentinel.current) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: SCROLL_MARGIN });
    io.observe(sentinel.current);
    return () => io.disconnect();
  }, [observable, loading, list.done, list.nextPage, loadMore]);
  return (
    <div ref={sentinel} className={className} data-testid={testId}>
      {loading ? (
        <Spinner label={loadingLabel} />
      ) : (
        !observable &&
        !list.done &&
        list.nextPage > 1 && (
          <Button variant="secondary" onClick={loadMore}>
            {loadMoreLabel}
          </Button>
        )
      )}
    </div>
  );
}
