import { useEffect, useRef } from "react";

// Fires onFire once, `delay` ms after the page mounts.
export function AfterMount({ delay, onFire }) {
  const onFireRef = useRef(onFire);
  onFireRef.current = onFire;
  useEffect(() => {
    const id = window.setTimeout(() => onFireRef.current?.(), delay);
    return () => window.clearTimeout(id);
  }, [delay]);
  return null;
}
