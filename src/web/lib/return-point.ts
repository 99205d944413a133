import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Where a person was when they opened a request (decision 0057): the list's address, how far the
 * window was scrolled, and which link they used. Closing the drawer goes back to that address; the
 * list then scrolls back and puts focus on the same link, so a keyboard or screen-reader user
 * carries on from the row or card they opened instead of from the top of the page.
 */
interface ReturnPoint {
  from: string;
  href: string;
  /** Which of the links with this address, when one page has several (a title and a View button). */
  index: number;
  scrollY: number;
}

let saved: ReturnPoint | null = null;

const isDrawerLink = (href: string | null): href is string => !!href && /^\/request\/(?!new(?:[/?#]|$))[^/?#]+/.test(href);

const drawerPath = (pathname: string) => isDrawerLink(pathname);

/** Records the link about to open a request drawer (capture phase: before the router navigates). */
export function rememberOpenedLink(anchor: HTMLAnchorElement, from: string) {
  const href = anchor.getAttribute('href');
  if (!isDrawerLink(href)) return;
  const same = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].filter((a) => a.getAttribute('href') === href);
  saved = { from, href, index: Math.max(0, same.indexOf(anchor)), scrollY: window.scrollY };
}

/** For tests: what was last remembered. */
export const returnPointForTest = () => saved;

/** The link to come back to, once the list has rendered it (lists come from the query cache). */
function findLink(point: ReturnPoint): HTMLAnchorElement | null {
  const same = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].filter((a) => a.getAttribute('href') === point.href);
  return same[point.index] ?? same[0] ?? null;
}

/**
 * Mounted once, in the root layout: remembers the drawer link a person follows, and on coming back
 * from the drawer to the address they left, restores the scroll and focus.
 */
export function useReturnPoint() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const here = location.pathname + location.search;
  const hereRef = useRef(here);
  useEffect(() => {
    hereRef.current = here;
  }, [here]);
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (anchor instanceof HTMLAnchorElement && !drawerPath(hereRef.current.split('?')[0] ?? '')) {
        rememberOpenedLink(anchor, hereRef.current);
      }
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  useEffect(() => {
    const came = previous.current;
    previous.current = location.pathname;
    const point = saved;
    // Only the way back (closing the drawer goes back): a later visit to the list starts at its top.
    if (!point || !came || !drawerPath(came) || point.from !== here || navigationType !== 'POP') return;
    saved = null;
    let frame = 0;
    const started = performance.now();
    const attempt = () => {
      const link = findLink(point);
      if (link) {
        window.scrollTo({ top: point.scrollY });
        link.focus({ preventScroll: true });
        // Only what is needed: a card deep in a board column scrolls its column, not the page.
        link.scrollIntoView?.({ block: 'nearest' });
        return;
      }
      // The list may still be loading after a reload of its data: keep looking for a while.
      if (performance.now() - started < 5000) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.pathname, here, navigationType]);
}
