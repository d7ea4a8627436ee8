import { useEffect, useRef, useState } from "react";

// Adds "is-in" to its class once it has been scrolled into view. Purely visual:
// the content is in the HTML from the start and shown without JavaScript.
export function Reveal({ className, children, ...rest }) {
  const ref = useRef(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen || !ref.current || !("IntersectionObserver" in window)) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    }, { rootMargin: "0px 0px -10% 0px" });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [seen]);
  return <div ref={ref} className={`${className || ""} reveal${seen ? " is-in" : ""}`} {...rest}>{children}</div>;
}
