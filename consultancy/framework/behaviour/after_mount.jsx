import { useEffect, useRef } from "react";

// Fires onFire once, `delay` ms after the page mounts (at once for 0, without a timer, so a
// test's frozen clock cannot hold it back).
export function AfterMount({ delay, onFire }) {
  const onFireRef = useRef(onFire);
  onFireRef.current = onFire;
  useEffect(() => {
    if (!delay) {
      onFireRef.current?.();
      return undefined;
    }
    const id = window.setTimeout(() => onFireRef.current?.(), delay);
    return () => window.clearTimeout(id);
  }, [delay]);
  return null;
}
