import { useEffect } from "react";

// Fills the enquiry form from its address, so a plain link can open it ready to send:
// /contact-us?services=fire-nocs,consent-to-operate&message=... (the approvals finder's
// "Request consultation"). Runs once on mount. Services are ticked (tick boxes named
// "service"; a single <select name="service"> takes the first that it offers), the message is
// filled only while empty (a kept draft wins), and each changed field gets the input and
// change events typing would give, so anything that follows the fields sees the change.
// The element's own value setter, as typing uses (React follows it, controlled or not).
const setValue = (element, value) => {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
};

const announce = (element) => {
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
};

// The form is found through its message box (`messageId`), whatever the form's own id.
export function EnquiryPrefill({ messageId }) {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const services = (params.get("services") ?? params.get("service") ?? "")
      .split(",")
      .map((value) => value.trim())
      .filter(Boolean);
    const message = params.get("message") ?? "";
    const form = document.getElementById(messageId)?.form;
    if (!form || (!services.length && !message)) return;
    const boxes = Array.from(form.querySelectorAll("input[type='checkbox'][name='service']"));
    for (const box of boxes) {
      if (services.includes(box.value) && !box.checked) {
        box.checked = true;
        announce(box);
      }
    }
    const select = form.querySelector("select[name='service']");
    if (select) {
      const offered = Array.from(select.options, (option) => option.value);
      const chosen = services.filter((value) => offered.includes(value));
      if (select.multiple) {
        for (const option of select.options) option.selected ||= chosen.includes(option.value);
        announce(select);
      } else if (chosen.length) {
        setValue(select, chosen[0]);
        announce(select);
      }
    }
    const text = form.querySelector("[name='message']");
    if (text && message && text.value.trim() === "") {
      const limit = Number(text.getAttribute("maxlength")) || message.length;
      setValue(text, message.slice(0, limit));
      announce(text);
    }
  }, [messageId]);
  return null;
}
