/** A self-contained API docs page (no CDN, no inline script: the CSP forbids it): it reads /api/schema/ and lists every path. */
export const DOCS_PAGE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ice House Order Manager API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;color:#1f2937;padding:0 1rem}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:2rem;border-bottom:1px solid #e5e7eb}
details{border:1px solid #e5e7eb;border-radius:6px;margin:.4rem 0;padding:.4rem .8rem}
summary{cursor:pointer;font-family:ui-monospace,monospace}
.m{display:inline-block;width:4.5rem;font-weight:700}.GET{color:#2563eb}.POST{color:#059669}.PUT{color:#d97706}.PATCH{color:#7c3aed}.DELETE{color:#dc2626}
pre{background:#f9fafb;padding:.6rem;overflow:auto;font-size:.8rem}
</style></head><body>
<h1>Ice House Order Manager API</h1>
<p id="intro">Loading <a href="/api/schema/">/api/schema/</a>…</p>
<div id="ops"></div>
<script src="/api/docs/docs.js"></script></body></html>`;

export const DOCS_PAGE_SCRIPT = `
fetch('/api/schema/').then(r => r.json()).then(doc => {
  document.getElementById('intro').textContent = doc.info.description;
  const byTag = {};
  for (const [path, ops] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(ops)) {
    (byTag[op.tags[0]] ??= []).push({ path, method: method.toUpperCase(), op });
  }
  const root = document.getElementById('ops');
  for (const [tag, list] of Object.entries(byTag)) {
    const h = document.createElement('h2'); h.textContent = tag; root.append(h);
    for (const { path, method, op } of list) {
      const d = document.createElement('details');
      const s = document.createElement('summary');
      const m = document.createElement('span'); m.className = 'm ' + method; m.textContent = method;
      s.append(m, path + ' — ' + op.summary); d.append(s);
      const p = document.createElement('p'); p.textContent = op.description; d.append(p);
      const pre = document.createElement('pre');
      pre.textContent = JSON.stringify({ parameters: op.parameters, requestBody: op.requestBody, responses: op.responses }, null, 2);
      d.append(pre); root.append(d);
    }
  }
});
`;
