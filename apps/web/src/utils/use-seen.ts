import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the element behind the returned ref has come within `rootMargin` (CSS margin, e.g. '600px') of the
 * viewport. Turns true once and stays true; used to load below-the-fold parts of a page only when a visitor
 * scrolls towards them.
 */
export function useSeen<T extends Element>(rootMargin = '200px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin });
    io.observe(el);
    return () => io.disconnect();
  }, [seen, rootMargin]);
  return [ref, seen];
}
