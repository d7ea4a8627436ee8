import { useEffect, useRef } from "react";

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

// Keyboard contract of a modal dialog whose open flag and index are Python state:
// focus moves in on open and back to `returnFocusTo` on close, Tab stays inside,
// Escape closes, arrow keys step at most once per `repeatLimit` ms.
export function ModalKeys({ active, repeatLimit, returnFocusTo, onClose, onNext, onPrev, children, ...rest }) {
  const ref = useRef(null);
  const handlers = useRef({});
  handlers.current = { onClose, onNext, onPrev };
  const lastStep = useRef(-Infinity);
  const wasActive = useRef(false);
  useEffect(() => {
    if (active) {
      wasActive.current = true;
      ref.current?.querySelector(FOCUSABLE)?.focus();
    } else if (wasActive.current) {
      wasActive.current = false;
      if (returnFocusTo) document.getElementById(returnFocusTo)?.focus();
    }
  }, [active, returnFocusTo]);
  useEffect(() => {
    if (!active) return undefined;
    const onKey = (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        handlers.current.onClose?.();
      } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        event.preventDefault();
        const now = performance.now();
        if (now - lastStep.current < repeatLimit) return;
        lastStep.current = now;
        (event.key === "ArrowRight" ? handlers.current.onNext : handlers.current.onPrev)?.();
      } else if (event.key === "Tab" && ref.current) {
        const items = [...ref.current.querySelectorAll(FOCUSABLE)];
        if (!items.length) return;
        const first = items[0];
        const last = items[items.length - 1];
        const inside = ref.current.contains(document.activeElement);
        if (event.shiftKey && (document.activeElement === first || !inside)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [active, repeatLimit]);
  return <div ref={ref} {...rest}>{children}</div>;
}
