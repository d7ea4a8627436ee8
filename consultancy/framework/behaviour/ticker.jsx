import { useEffect, useRef } from "react";

// Calls onTick every `interval` ms unless paused or the visitor prefers reduced
// motion. The slide index itself is Python state; this is only the clock.
export function Ticker({ interval, paused, onTick }) {
  const onTickRef = useRef(onTick);
  onTickRef.current = onTick;
  useEffect(() => {
    if (paused) return undefined;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return undefined;
    const id = window.setInterval(() => onTickRef.current?.(), interval);
    return () => window.clearInterval(id);
  }, [interval, paused]);
  return null;
}
