import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * False until the page has painted once, then true; true at once when the browser is about to print. Lets the
 * paper copy of a long history be drawn after the screen is up, not before (ADR 132).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // a frame, then a task: that frame has painted the screen
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    const printing = () => flushSync(() => setPainted(true));
    window.addEventListener('beforeprint', printing);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('beforeprint', printing);
    };
  }, []);
  return painted;
}
