import { useEffect, useRef } from "react";

// A container that reports "dismiss" (Escape, a pointer press or focus outside it)
// while it is active. State lives in Python; this only listens.
export function DismissLayer({ active, onDismiss, returnFocusTo, children, ...rest }) {
  const ref = useRef(null);
  const onDismissRef = useRef(onDismiss);
  onDismissRef.current = onDismiss;
  useEffect(() => {
    if (!active) return undefined;
    const outside = (target) => ref.current && !ref.current.contains(target);
    const onKey = (event) => {
      if (event.key !== "Escape") return;
      onDismissRef.current?.();
      if (returnFocusTo) document.getElementById(returnFocusTo)?.focus();
    };
    const onPointer = (event) => { if (outside(event.target)) onDismissRef.current?.(); };
    const onFocus = (event) => { if (outside(event.target)) onDismissRef.current?.(); };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
    };
  }, [active, returnFocusTo]);
  return <div ref={ref} {...rest}>{children}</div>;
}
