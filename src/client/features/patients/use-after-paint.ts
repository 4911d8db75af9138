import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** What waits for the next paint: one frame and one task scheduled for all of a page's waiting parts. */
let waiting: Set<() => void> | null = null;

function afterNextPaint(callback: () => void): () => void {
  if (!waiting) {
    const these = new Set<() => void>();
    waiting = these;
    // a frame, then a task: that frame has painted the screen; a part that comes after this frame waits for the next
    requestAnimationFrame(() => {
      if (waiting === these) waiting = null;
      setTimeout(() => {
        for (const call of these) call();
      }, 0);
    });
  }
  const these = waiting;
  these.add(callback);
  return () => {
    these.delete(callback);
  };
}

/**
 * False until the page has painted once, then true; true at once when the browser is about to print. Lets the
 * paper copy of a long history be drawn after the screen is up, not before (ADR 132); the parts of a page that wait
 * share one frame and one task (ADR 143).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const cancel = afterNextPaint(() => setPainted(true));
    const printing = () => flushSync(() => setPainted(true));
    window.addEventListener('beforeprint', printing);
    return () => {
      cancel();
      window.removeEventListener('beforeprint', printing);
    };
  }, []);
  return painted;
}
