import { useEffect, useRef } from "react";

// The finder's answers live in the address (one query parameter per answered question, e.g.
// /approvals-finder?activity=hospital&stage=new), so Back from a result, a reload or a shared
// link rebuild the same result. On mount the answers in the address are read and handed to
// onRead; from then on the address follows the answers (replaceState: answering is not
// navigating, so Back still leaves the finder). Other query parameters are kept.
export function FinderAddress({ answers, questions, onRead }) {
  const read = useRef(false);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (!read.current) {
      read.current = true;
      const given = {};
      for (const id of questions) {
        const value = params.get(id);
        if (value !== null && value.trim() !== "") given[id] = value;
      }
      if (Object.keys(given).length) {
        onReadRef.current?.(given);
        return;
      }
    }
    for (const id of questions) params.delete(id);
    for (const id of questions) {
      const value = String(answers?.[id] ?? "").trim();
      if (value !== "") params.set(id, value);
    }
    const query = params.toString();
    const url = `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`;
    const now = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (url !== now) window.history.replaceState(window.history.state, "", url);
  }, [answers, questions]);
  return null;
}
