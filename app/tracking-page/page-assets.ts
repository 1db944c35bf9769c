/**
 * The tracking page's only style and script, inlined (allowed by the CSP nonce): no further request
 * before the first paint. Colours keep a contrast of at least 4.5:1 on their backgrounds.
 */

/** How often an open page asks for news; the status answer is small and rate-limited per client. */
export const POLL_INTERVAL_MS = 5_000;

export const PAGE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
header{background:#0f172a;color:#fff;padding:12px 16px}
.store{margin:0;font-weight:600;font-size:1.05rem}
main{max-width:640px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;line-height:1.25;margin:4px 0 8px}
.greeting{margin:0;color:#334155}
.detail{margin:0 0 12px;color:#334155}
.notice{background:#fef3c7;color:#78350f;padding:12px;border-radius:8px}
.facts{margin:16px 0;display:grid;gap:8px}
.facts div{background:#fff;border:1px solid #cbd5e1;border-radius:8px;padding:10px 12px}
dt{font-size:.85rem;color:#475569}
dd{margin:0;font-weight:600}
.steps{list-style:none;margin:16px 0;padding:0}
.steps li{position:relative;padding:6px 0 6px 32px;color:#475569}
.steps li::before{content:"";position:absolute;left:6px;top:11px;width:14px;height:14px;border-radius:50%;border:2px solid #64748b;background:#fff}
.steps li.done{color:#0f172a}
.steps li.done::before{background:#16a34a;border-color:#16a34a}
.steps li.current{color:#0f172a;font-weight:700}
.steps li.current::before{background:#2563eb;border-color:#2563eb}
figure{margin:16px 0}
.map svg{width:100%;height:auto;display:block}
figcaption{display:flex;gap:16px;font-size:.85rem;color:#334155;margin-top:6px}
.key::before{content:"";display:inline-block;width:10px;height:10px;margin-right:6px;border-radius:50%}
.key-store::before{background:#0f172a;border-radius:2px}
.key-area::before{background:#93c5fd}
.key-driver::before{background:#16a34a}
.photo img{width:100%;height:auto;border-radius:8px;background:#e2e8f0}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (min-width:768px){main{padding:32px 16px}h1{font-size:2rem}.facts{grid-template-columns:repeat(3,1fr)}}
`;

/**
 * Polls `<this page>/status` (through the app proxy too: a relative path stays on the shop's domain)
 * and swaps the live part when its version changes; stops once the delivery is final or unknown.
 */
export const PAGE_SCRIPT = `(function(){
var live=document.getElementById("live");
var url=location.pathname.replace(/\\/+$/,"")+"/status";
var version=live.getAttribute("data-version");
function later(ms){setTimeout(poll,ms)}
function poll(){
fetch(url,{cache:"no-store",credentials:"omit",headers:{Accept:"application/json"}}).then(function(r){
if(r.status===404)return null;
if(r.status===429)return later(${POLL_INTERVAL_MS * 4});
if(!r.ok&&r.status!==410)return later(${POLL_INTERVAL_MS});
return r.json().then(function(s){
if(s.version!==version){version=s.version;live.innerHTML=s.html;live.setAttribute("data-version",s.version)}
if(!s.final)later(${POLL_INTERVAL_MS});
});
},function(){later(${POLL_INTERVAL_MS})});
}
later(${POLL_INTERVAL_MS});
})();`;
