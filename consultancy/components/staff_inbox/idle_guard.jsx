import { useEffect } from "react";

// The staff inbox's open tabs forget what they show, without waiting for a click:
// - when any tab of this browser signs out (a BroadcastChannel message from the sign-out
//   form's submit), every other tab empties its inbox and loads the sign-in form;
// - when nobody has clicked or typed in any of them for `timeoutMs` (a little longer than
//   the server's idle timeout, so the session is over by then), the same.
// Activity is shared between the tabs, since they share one session on the server.
const CHANNEL = "staff-inbox";
const SHARE_EVERY_MS = 15000;

function forget() {
  // The shown enquiries go at once; the reload then asks the server, which shows the
  // sign-in form to a session that has ended.
  document.querySelectorAll("[data-staff-private]").forEach((node) => node.replaceChildren());
  window.location.replace("/staff");
}

export function IdleGuard({ timeoutMs }) {
  useEffect(() => {
    let lastActive = Date.now();
    let lastShared = 0;
    const channel = "BroadcastChannel" in window ? new BroadcastChannel(CHANNEL) : null;
    const onActivity = () => {
      lastActive = Date.now();
      if (channel && lastActive - lastShared > SHARE_EVERY_MS) {
        lastShared = lastActive;
        channel.postMessage({ type: "active", at: lastActive });
      }
    };
    const onMessage = (event) => {
      const message = event.data || {};
      if (message.type === "signed-out") forget();
      else if (message.type === "active" && typeof message.at === "number") {
        lastActive = Math.max(lastActive, message.at);
      }
    };
    const onSubmit = (event) => {
      if (event.target instanceof HTMLFormElement && event.target.matches("[data-staff-sign-out]")) {
        channel?.postMessage({ type: "signed-out" });
      }
    };
    const check = () => {
      if (Date.now() - lastActive >= timeoutMs) forget();
    };
    channel?.addEventListener("message", onMessage);
    document.addEventListener("pointerdown", onActivity, true);
    document.addEventListener("keydown", onActivity, true);
    document.addEventListener("submit", onSubmit, true);
    const timer = window.setInterval(check, 5000);
    return () => {
      window.clearInterval(timer);
      channel?.close();
      document.removeEventListener("pointerdown", onActivity, true);
      document.removeEventListener("keydown", onActivity, true);
      document.removeEventListener("submit", onSubmit, true);
    };
  }, [timeoutMs]);
  return null;
}
