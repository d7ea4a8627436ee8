// Test-only switch: throws while rendering when a test has set
// window.__siteForceRenderError, so the suite can see what a visitor sees when a
// rendering error happens. Nothing on the site sets it.
export function RenderFault() {
  if (typeof window !== "undefined" && window.__siteForceRenderError === true) {
    throw new Error("forced rendering error (test switch)");
  }
  return null;
}
