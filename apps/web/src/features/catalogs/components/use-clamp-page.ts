import { useEffect } from 'react';

/**
 * A page past the end (the last rows of the last page were deleted, or an old link): go to the
 * last page that has rows instead of showing an empty list.
 */
export function useClampPage(count: number | undefined, page: number, pageSize: number, onPage: (page: number) => void): void {
  const last = count === undefined ? page : Math.max(1, Math.ceil(count / pageSize));
  useEffect(() => {
    if (page > last) onPage(last);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onPage changes identity every render
  }, [page, last]);
}
