import { useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

const STEP = 1.25;
const MAX_SCALE = 4;
/** Never smaller than this, unless the whole width needs it. */
const MIN_SCALE = 0.25;
/** `=` and `_` are `+` and `-` without Shift on most keyboards. */
const ZOOM_KEYS: Partial<Record<string, number>> = { '+': STEP, '=': STEP, '-': 1 / STEP, _: 1 / STEP };

interface Drag {
  x: number;
  y: number;
  left: number;
  top: number;
}

/**
 * A drawn diagram in a box that zooms and pans: buttons, Ctrl (or ⌘) + wheel and pinch at the pointer, `+` `-` `0`
 * on the focused box; drag, the wheel and the arrow keys pan it (the box scrolls, so a keyboard or screen reader user
 * moves it like any scrolled area). It opens fitted to the width, never larger than drawn. The SVG keeps its own
 * size attributes, set to the scale: no CSS transform, so text stays crisp and links land where they are drawn.
 */
export function StatechartViewport({
  svg,
  label,
  describedBy,
  onDrawn,
}: {
  svg: string;
  label: string;
  /** Id of the text that says how to move and zoom. */
  describedBy?: string;
  /** Called with the SVG once it is in the page (to link its boxes). */
  onDrawn?: (svg: SVGSVGElement) => void;
}) {
  const { t, i18n } = useLingui();
  const box = useRef<HTMLElement>(null);
  const natural = useRef({ width: 0, height: 0, fit: 1 });
  const current = useRef(1);
  const drag = useRef<Drag | null>(null);
  const [scale, setScale] = useState(1);

  /** Zooms to `next` keeping the point `at` (in the box, its centre by default) where it is. */
  const zoomTo = useCallback((next: number, at?: { x: number; y: number }) => {
    const scroller = box.current;
    const drawn = scroller?.querySelector('svg');
    if (!scroller || !drawn || !natural.current.width) return;
    const target = Math.min(MAX_SCALE, Math.max(Math.min(natural.current.fit, MIN_SCALE), next));
    const anchor = at ?? { x: scroller.clientWidth / 2, y: scroller.clientHeight / 2 };
    const ratio = target / current.current;
    const left = (scroller.scrollLeft + anchor.x) * ratio - anchor.x;
    const top = (scroller.scrollTop + anchor.y) * ratio - anchor.y;
    drawn.setAttribute('width', String(natural.current.width * target));
    drawn.setAttribute('height', String(natural.current.height * target));
    scroller.scrollLeft = left;
    scroller.scrollTop = top;
    current.current = target;
    setScale(target);
  }, []);

  const fitWidth = useCallback(() => zoomTo(natural.current.fit), [zoomTo]);

  // Mermaid draws at 100 % of the width with a max-width: measure the drawing from its viewBox, then fit it.
  useLayoutEffect(() => {
    const drawn = box.current?.querySelector('svg');
    if (!box.current || !drawn) return;
    const { width, height } = drawn.viewBox.baseVal;
    drawn.style.maxWidth = 'none';
    drawn.style.display = 'block';
    natural.current = { width, height, fit: Math.min(1, box.current.clientWidth / width) };
    current.current = natural.current.fit;
    zoomTo(natural.current.fit);
    onDrawn?.(drawn);
  }, [onDrawn, zoomTo]);

  // A wheel zooms only with Ctrl or ⌘ (a trackpad's pinch sends the same), so scrolling the page past the box works.
  useEffect(() => {
    const scroller = box.current;
    if (!scroller) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const rect = scroller.getBoundingClientRect();
      const factor = event.deltaY < 0 ? STEP : 1 / STEP;
      zoomTo(current.current * factor, { x: event.clientX - rect.left, y: event.clientY - rect.top });
    };
    scroller.addEventListener('wheel', onWheel, { passive: false });
    return () => scroller.removeEventListener('wheel', onWheel);
  }, [zoomTo]);

  const onKeyDown = (event: KeyboardEvent) => {
    const factor = ZOOM_KEYS[event.key];
    if (factor) zoomTo(current.current * factor);
    else if (event.key === '0') fitWidth();
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    // Touch pans natively; a link in the drawing stays a link.
    if (event.pointerType !== 'mouse' || event.button !== 0 || (event.target as Element).closest('a')) return;
    const scroller = event.currentTarget;
    drag.current = { x: event.clientX, y: event.clientY, left: scroller.scrollLeft, top: scroller.scrollTop };
    scroller.setPointerCapture(event.pointerId);
    scroller.style.cursor = 'grabbing';
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const start = drag.current;
    if (!start) return;
    event.currentTarget.scrollLeft = start.left - (event.clientX - start.x);
    event.currentTarget.scrollTop = start.top - (event.clientY - start.y);
  };
  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    drag.current = null;
    event.currentTarget.style.cursor = '';
  };

  const percent = new Intl.NumberFormat(i18n.locale, { style: 'percent' }).format(scale);
  return (
    <>
      <Group gap="xs">
        <Button variant="default" size="compact-sm" aria-label={t`Zoom out`} onClick={() => zoomTo(scale / STEP)}>
          −
        </Button>
        <Button variant="default" size="compact-sm" aria-label={t`Zoom in`} onClick={() => zoomTo(scale * STEP)}>
          +
        </Button>
        <Button variant="default" size="compact-sm" onClick={fitWidth}>
          {t`Fit to width`}
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="zoom-level">
          {percent}
        </Text>
      </Group>
      <section
        ref={box}
        aria-label={label}
        aria-describedby={describedBy}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1)
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        style={{
          overflow: 'auto',
          maxHeight: '70vh',
          cursor: 'grab',
          border: '1px solid var(--mantine-color-default-border)',
        }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: securityLevel 'strict' makes mermaid sanitize its SVG; the source is our own generated file
        dangerouslySetInnerHTML={{ __html: svg }}
      />
    </>
  );
}
