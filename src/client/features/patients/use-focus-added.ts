import { type RefObject, useEffect, useRef } from 'react';

/**
 * A list that grows on "show more" and keeps the keyboard's place: the button calls `adding(n)` with the number of
 * entries shown before it, and after the render that added them, the list's entry at n (the first added) gives
 * `focusable` the focus; the button itself may be gone by then (ADR 136, 147).
 */
export function useFocusAdded<L extends HTMLElement>(
  focusable: (entry: Element) => HTMLElement | null,
): { list: RefObject<L | null>; adding: (shown: number) => void } {
  const list = useRef<L>(null);
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    if (focusAt.current === null) return;
    const entry = list.current?.children[focusAt.current];
    if (entry) focusable(entry)?.focus();
    focusAt.current = null;
  });
  return {
    list,
    adding: (shown) => {
      focusAt.current = shown;
    },
  };
}
