/**
 * A STAND-IN for App Bridge (the `app-bridge.js` script the app's pages load), served by the
 * browser test in place of Shopify's CDN script, which this machine cannot reach. It is not App
 * Bridge: it implements only the small part of the `shopify` global and of the `ui-*` elements the
 * app's pages use, so the pages can run outside the Shopify admin:
 * - `shopify.idToken()` returns a session token minted by the test (real App Bridge asks the admin
 *   for a fresh one; this one is minted with a long lifetime instead);
 * - `fetch` to the app's own origin gets `Authorization: Bearer <token>`, as App Bridge does;
 * - `shopify.toast.show()` appends a visible toast to the page;
 * - `<ui-save-bar>` shows its own Save/Discard buttons in a bar at the top of the page while open
 *   (in the admin they are drawn by the admin around the iframe), with `show()`/`hide()`;
 * - `<ui-nav-menu>` and `<ui-title-bar>` render nothing (the admin draws them outside the iframe).
 * Anything else the pages might call throws, so a page that starts using more of App Bridge fails
 * this test instead of passing against a stand-in that does not do what Shopify does.
 */
export function appBridgeStandInScript(options: { idToken: string; apiKey: string; shop: string }): string {
  const config = JSON.stringify(options);
  return `(() => {
  const { idToken, apiKey, shop } = ${config};
  const appOrigin = window.location.origin;

  const nativeFetch = window.fetch.bind(window);
  window.fetch = (input, init = {}) => {
    const request = new Request(input, init);
    if (new URL(request.url, appOrigin).origin !== appOrigin) return nativeFetch(request);
    const headers = new Headers(request.headers);
    headers.set("Authorization", "Bearer " + idToken);
    return nativeFetch(new Request(request, { headers }));
  };

  // Nothing is added to the document before React hydrates it (an extra node would be a hydration
  // mismatch): the elements are styled through an adopted style sheet, toasts get a container lazily.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync([
    "ui-nav-menu, ui-title-bar { display: none; }",
    "ui-save-bar { display: none; }",
    "ui-save-bar[data-open] { display: flex; gap: 8px; justify-content: flex-end; align-items: center; position: fixed; top: 0; left: 0; right: 0; z-index: 9999; padding: 10px 16px; background: #1a1a1a; font: 14px system-ui; }",
    "#app-bridge-stand-in-toasts { position: fixed; bottom: 16px; left: 50%; transform: translateX(-50%); z-index: 10000; display: flex; flex-direction: column; gap: 8px; font: 14px system-ui; }",
    ".app-bridge-stand-in-toast { padding: 10px 16px; border-radius: 8px; color: #fff; background: #1a1a1a; }",
    ".app-bridge-stand-in-toast[data-error] { background: #8e1f0b; }",
  ].join("\\n"));
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  let toasts = null;
  const toastContainer = () => {
    if (!toasts) {
      toasts = document.createElement("div");
      toasts.id = "app-bridge-stand-in-toasts";
      toasts.setAttribute("role", "status");
      document.body.appendChild(toasts);
    }
    return toasts;
  };

  const unsupported = (name) => () => { throw new Error("The App Bridge stand-in does not implement shopify." + name); };

  class UiSaveBar extends HTMLElement {
    show() {
      this.setAttribute("data-open", "");
      this.dispatchEvent(new Event("show"));
    }
    hide() {
      this.removeAttribute("data-open");
      this.dispatchEvent(new Event("hide"));
    }
    toggle() { this.hasAttribute("data-open") ? this.hide() : this.show(); }
    get showing() { return this.hasAttribute("data-open"); }
  }
  customElements.define("ui-save-bar", UiSaveBar);
  customElements.define("ui-nav-menu", class extends HTMLElement {});
  customElements.define("ui-title-bar", class extends HTMLElement {});

  window.shopify = {
    config: { apiKey, shop, host: new URLSearchParams(window.location.search).get("host"), locale: "en-US" },
    origin: appOrigin,
    ready: Promise.resolve(),
    environment: { embedded: true, mobile: false, pos: false },
    idToken: async () => idToken,
    toast: {
      show(message, opts = {}) {
        const toast = document.createElement("div");
        toast.className = "app-bridge-stand-in-toast";
        if (opts.isError) toast.setAttribute("data-error", "");
        toast.textContent = message;
        toastContainer().appendChild(toast);
        setTimeout(() => toast.remove(), opts.duration ?? 5000);
        return "toast-" + toastContainer().childElementCount;
      },
      hide() {},
    },
    saveBar: {
      show: async (id) => document.getElementById(id)?.show(),
      hide: async (id) => document.getElementById(id)?.hide(),
      toggle: async (id) => document.getElementById(id)?.toggle(),
      leaveConfirmation: async () => {},
    },
    loading: () => {},
    resourcePicker: unsupported("resourcePicker"),
    modal: { show: unsupported("modal.show"), hide: unsupported("modal.hide"), toggle: unsupported("modal.toggle") },
  };
})();`;
}
