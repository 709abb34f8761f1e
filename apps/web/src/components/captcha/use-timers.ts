import { useCallback, useEffect, useMemo, useRef } from 'react';

/** setTimeout calls that are cancelled when the component unmounts (or on `clear()`). */
export function useTimers(): { later: (fn: () => void, ms: number) => void; clear: () => void } {
  const ids = useRef(new Set<ReturnType<typeof setTimeout>>());
  const clear = useCallback(() => {
    for (const id of ids.current) clearTimeout(id);
    ids.current.clear();
  }, []);
  const later = useCallback((fn: () => void, ms: number) => {
    const id = setTimeout(() => {
      ids.current.delete(id);
      fn();
    }, ms);
    ids.current.add(id);
  }, []);
  useEffect(() => clear, [clear]);
  return useMemo(() => ({ later, clear }), [later, clear]);
}
