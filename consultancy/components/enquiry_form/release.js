// The browser's part of the check that moves a held enquiry straight into the firm's inbox
// (consultancy/enquiries/release.py): find a number whose SHA-256 with the backend's
// challenge starts with `bits` zero bits. Nothing to see or press; it works in small batches
// so a slow phone's page stays responsive, and gives up after GIVE_UP_MS (the enquiry then
// simply stays held, as it does in a browser without WebCrypto).
import { useEffect, useRef } from "react";

const BATCH = 256;
const GIVE_UP_MS = 30000;

function leadingZeroBits(bytes, bits) {
  let left = bits;
  for (const byte of bytes) {
    if (left <= 0) return true;
    if (left >= 8) {
      if (byte !== 0) return false;
      left -= 8;
    } else {
      return byte >> (8 - left) === 0;
    }
  }
  return left <= 0;
}

async function solve(challenge, bits, stopped) {
  const subtle = window.crypto?.subtle;
  if (!subtle) return null;
  const encoder = new TextEncoder();
  const until = Date.now() + GIVE_UP_MS;
  for (let start = 0; Date.now() < until; start += BATCH) {
    if (stopped()) return null;
    const tries = [];
    for (let nonce = start; nonce < start + BATCH; nonce += 1) {
      tries.push(subtle.digest("SHA-256", encoder.encode(`${challenge}:${nonce}`)).then((hash) => [nonce, hash]));
    }
    for (const [nonce, hash] of await Promise.all(tries)) {
      if (leadingZeroBits(new Uint8Array(hash), bits)) return String(nonce);
    }
  }
  return null;
}

export function HeldRelease({ challenge, bits, onSolved, onGaveUp }) {
  const handlers = useRef({ onSolved, onGaveUp });
  handlers.current = { onSolved, onGaveUp };
  useEffect(() => {
    if (!challenge) return undefined;
    let done = false;
    solve(challenge, bits, () => done).then((nonce) => {
      if (done) return;
      if (nonce === null) handlers.current.onGaveUp?.();
      else handlers.current.onSolved?.(nonce);
    });
    return () => {
      done = true;
    };
  }, [challenge, bits]);
  return null;
}
