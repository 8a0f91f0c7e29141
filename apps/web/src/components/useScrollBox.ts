import { useEffect, useState, type RefObject } from 'react';

/**
 * A box that scrolls sideways must be reachable from the keyboard when nothing in it takes focus
 * (WCAG 2.1.1; axe's scrollable-region-focusable): while its content is wider than the box, the box is
 * a focusable region (arrow keys scroll it) named by `labelledBy`. A box that fits stays out of the Tab
 * order. Measured again whenever the box or its content changes size.
 */
export function useScrollBox(
  box: RefObject<HTMLElement | null>,
  labelledBy: string | undefined,
): { tabIndex?: number; role?: 'region'; 'aria-labelledby'?: string } {
  const [scrolls, setScrolls] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [box]);

  return scrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': labelledBy } : {};
}
