/**
 * The tracking page's only style and script, inlined (allowed by the CSP nonce): no further request
 * before the first paint. Colours keep a contrast of at least 4.5:1 on their backgrounds.
 */

/** How often an open page asks for news; the status answer is small and rate-limited per client. */
export const POLL_INTERVAL_MS = 5_000;

export const PAGE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
header{background:var(--accent);color:var(--on-accent);padding:12px 16px}
.logo{display:block;height:40px;width:auto;max-width:60%;margin-bottom:6px}
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
.steps li.current::before{background:var(--accent);border-color:var(--accent)}
.steps li.canceled{color:#7f1d1d;font-weight:700}
.steps li.canceled::before{content:"×";background:#fee2e2;border-color:#b91c1c;color:#b91c1c;font-size:12px;line-height:10px;text-align:center}
figure{margin:16px 0}
.map svg{width:100%;height:auto;display:block}
figcaption{display:flex;gap:16px;font-size:.85rem;color:#334155;margin-top:6px}
.credit{margin-left:auto;font-size:.75rem;color:#64748b}
.key::before{content:"";display:inline-block;width:10px;height:10px;margin-right:6px;border-radius:50%}
.key-store::before{background:#0f172a;border-radius:2px}
.key-area::before{background:#93c5fd}
.key-driver::before{background:#16a34a}
.map-unavailable{margin:16px 0;padding:12px 16px;border:1px dashed #94a3b8;border-radius:12px;color:#334155}
.map-unavailable h2{margin:0 0 4px;font-size:1rem}
.map-unavailable p{margin:0;font-size:.9rem}
.photo img{width:100%;height:auto;border-radius:8px;background:#e2e8f0}
header .order{margin:0;font-size:.9rem;opacity:.85}
h2{font-size:1.15rem;margin:24px 0 4px}
#changes{max-width:640px;margin:0 auto;padding:0 16px 24px}
.change{margin:12px 0;display:grid;gap:8px}
label{font-weight:600}
textarea{font:inherit;width:100%;padding:10px;border:1px solid #64748b;border-radius:8px}
fieldset{border:1px solid #cbd5e1;border-radius:8px;padding:12px;display:grid;gap:8px;margin:0}
fieldset[hidden]{display:none}
legend{font-weight:600;padding:0 4px}
.choice{display:flex;gap:8px;align-items:center}
.choice label{font-weight:400}
.hint{margin:0;font-size:.85rem;color:#475569}
button,.button{font:inherit;font-weight:600;min-height:44px;padding:10px 16px;border-radius:8px;border:2px solid var(--accent);background:var(--accent);color:var(--on-accent);text-decoration:none;display:inline-block;text-align:center;cursor:pointer}
button.secondary{background:#fff;color:#0f172a}
button:disabled{opacity:.6}
.contact{margin:16px 0;padding:0;list-style:none;display:grid;gap:8px}
.contact li{background:#fff;border:1px solid #cbd5e1;border-radius:8px;padding:10px 12px;display:flex;flex-wrap:wrap;gap:4px 12px;align-items:baseline}
.contact-label{font-size:.85rem;color:#475569}
.contact a{font-weight:600;color:#1e3a8a;overflow-wrap:anywhere;min-height:24px}
.facts .late{border-color:#b45309;background:#fffbeb}
.stars{display:flex;flex-direction:column;gap:8px}
.star{background:#fff;color:#92400e;border-color:#cbd5e1;text-align:left;letter-spacing:2px}
.star.chosen{background:#fef3c7;border-color:#92400e}
.items ul{margin:4px 0 16px;padding:0 0 0 20px}
.items h2{margin-top:8px}
.stars-given{margin:0;font-size:1.5rem;color:#92400e;letter-spacing:2px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (min-width:768px){main{padding:32px 16px}h1{font-size:2rem}.facts{grid-template-columns:repeat(3,1fr)}}
`;

/** The longest wait between polls after failures or refusals (each doubles the wait). */
export const POLL_MAX_INTERVAL_MS = 60_000;

/**
 * Polls `<this page>/status` (through the app proxy too: a relative path stays on the shop's domain)
 * and swaps the live part when its version changes, and the change panel when it opens or closes;
 * a refused or failed poll doubles the wait (up to POLL_MAX_INTERVAL_MS), and the page asks at once
 * when it becomes visible again. Stops once the delivery is final or unknown. The change panel's
 * forms send JSON to `<this page>/change` and list `<this page>/windows`; every text from the
 * server is set as text, never as markup, except the server-rendered parts. Its own words come in the
 * shopper's language from `<body data-words>` (render.server.tsx).
 */
export const PAGE_SCRIPT = `(function(){
var live=document.getElementById("live");
var words=JSON.parse(document.body.getAttribute("data-words")||"{}");
var base=location.pathname.replace(/\\/+$/,"");
var version=live.getAttribute("data-version");
var delay=${POLL_INTERVAL_MS},timer=null,stopped=false;
function later(ms){clearTimeout(timer);if(!stopped)timer=setTimeout(poll,ms)}
function backoff(){delay=Math.min(delay*2,${POLL_MAX_INTERVAL_MS});later(delay)}
function poll(){
fetch(base+"/status",{cache:"no-store",credentials:"omit",headers:{Accept:"application/json"}}).then(function(r){
if(r.status===404){stopped=true;return null}
if(!r.ok&&r.status!==410)return backoff();
delay=${POLL_INTERVAL_MS};
return r.json().then(function(s){
if(s.version!==version){version=s.version;live.innerHTML=s.html;live.setAttribute("data-version",s.version)}
var panel=document.getElementById("changes");
if(panel&&s.changes&&s.changes.state!==panel.getAttribute("data-state")){panel.innerHTML=s.changes.html;panel.setAttribute("data-state",s.changes.state);bind()}
if(s.final)stopped=true;else later(delay);
});
},backoff);
}
function refresh(){if(document.visibilityState==="visible"){delay=${POLL_INTERVAL_MS};later(0)}}
document.addEventListener("visibilitychange",refresh);
window.addEventListener("focus",refresh);
function byId(id){return document.getElementById(id)}
function say(text){var m=byId("change-message");if(m)m.textContent=text||""}
function send(body,button){
button.disabled=true;say(words.saving);
return fetch(base+"/change",{method:"POST",credentials:"omit",headers:{"Content-Type":"application/json",Accept:"application/json"},body:JSON.stringify(body)}).then(function(r){
return r.json().then(function(a){button.disabled=false;say(a.message||a.error);later(0);return r.ok});
},function(){button.disabled=false;say(words.unreachable);return false});
}
function bind(){
var notes=byId("notes-form"),show=byId("show-windows"),form=byId("window-form");
if(notes)notes.addEventListener("submit",function(e){e.preventDefault();send({change:"notes",notes:byId("notes").value},notes.querySelector("button[type=submit]"))});
if(show)show.addEventListener("click",function(){
show.disabled=true;say(words.looking);
fetch(base+"/windows",{cache:"no-store",credentials:"omit",headers:{Accept:"application/json"}}).then(function(r){return r.json()}).then(function(o){
show.disabled=false;
var list=byId("window-list");list.textContent="";
if(o.kind!=="open"){say(o.message||o.error);later(0);return}
o.windows.forEach(function(w,i){
var row=document.createElement("div"),input=document.createElement("input"),label=document.createElement("label");
input.type="radio";input.name="serviceCode";input.value=w.serviceCode;input.id="window-"+i;
label.htmlFor=input.id;label.textContent=w.label;row.className="choice";row.appendChild(input);row.appendChild(label);list.appendChild(row);
});
byId("window-choices").hidden=o.windows.length===0;say(o.note);
},function(){show.disabled=false;say(words.loadFailed)});
});
if(form)form.addEventListener("submit",function(e){
e.preventDefault();
var chosen=form.querySelector("input[name=serviceCode]:checked");
if(!chosen){say(words.chooseFirst);return}
send({change:"window",serviceCode:chosen.value},form.querySelector("button[type=submit]")).then(function(ok){if(ok)byId("window-choices").hidden=true});
});
var rating=byId("rating-form");
if(rating)Array.prototype.forEach.call(rating.querySelectorAll("button.star"),function(star){
star.addEventListener("click",function(){
var reasons=Array.prototype.map.call(rating.querySelectorAll("input[name=reason]:checked"),function(c){return c.value});
send({change:"rating",value:Number(star.getAttribute("data-value")),reasons:reasons,comment:byId("rating-comment").value},star).then(function(ok){
if(ok){star.className+=" chosen";star.setAttribute("aria-pressed","true");Array.prototype.forEach.call(rating.querySelectorAll("button,input,textarea"),function(b){b.disabled=true})}
});
});
});
}
bind();
if(version)later(delay);else stopped=true;
})();`;
