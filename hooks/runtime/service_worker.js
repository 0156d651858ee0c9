// The site's service worker (hooks/runtime/offline.py writes it to /sw.js with BUILD filled in).
//
// BUILD = {version, groups: {name: [[path, sha256-16], ...]}}: every file of this build by
// group: "pages-<lang>" (that language's pages, its search index and sitemap), "assets"
// (styles, scripts, icons: what every page needs) and "runtime" (Pyodide and the engine).
// version is a hash of all of it, so any change to any file makes a new service worker.
//
// How it stays whole (never a mix of two builds):
// - One cache per build ("monopoly-<version>"). A group is copied into it whole or not at
//   all: every file is fetched past the HTTP cache and checked against its hash in BUILD;
//   any mismatch (the host already serves a newer build) or failure drops the group.
// - A new build's worker, when it installs, fills its own cache with the groups the old
//   cache had complete, and only then takes over (skipWaiting); on activation it deletes
//   every other cache. Pages it takes over reload once (site.js, "controllerchange").
// - Requests are answered from this build's cache first (so offline works and a page and
//   its assets come from one build), else from the network. A page that is in neither
//   (offline, not kept) is answered with the site's offline page (offlinePage below).
//
// Messages from a page: {type: "keep", groups: [...]} copies those groups (the reader's
// language and the assets after a visit; "runtime" when a calculator first runs or the
// reader asks) and answers {type: "kept", groups, complete: [...]}; {type: "status"} answers
// {type: "status", version, complete: [...]}.
"use strict";
const BUILD = __BUILD__;
const CACHE = `monopoly-${BUILD.version}`;
const META = "__monopoly_groups__"; // the cache entry listing its complete groups
const scope = self.registration.scope;

const url = (path) => new URL(path, scope).href;

async function completeGroups(cache) {
  const meta = await cache.match(url(META));
  if (!meta) return [];
  try {
    const groups = await meta.json();
    return Array.isArray(groups) ? groups.filter((g) => g in BUILD.groups) : [];
  } catch (err) {
    return [];
  }
}

async function hex(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

const VERSIONED = ["assets/engine.zip", "assets/pyodide/python_stdlib-engine.zip"];
const keeping = new Map(); // group -> Promise<boolean>, one copy at a time per group

// Copy one group into this build's cache: all of its files, checked, or nothing.
function keepGroup(cache, group) {
  if (keeping.has(group)) return keeping.get(group);
  const job = (async () => {
    const files = BUILD.groups[group];
    if (!files) return false;
    if ((await completeGroups(cache)).includes(group)) return true;
    const fetched = [];
    for (const [path, sha] of files) {
      // The pages ask for the engine and the standard library as engine.zip?v=<the first 12
      // digits of its hash> (hooks/runtime/pyodide_assets.py): the same address, so the browser's
      // copy is reused.
      const address = VERSIONED.includes(path) ? `${url(path)}?v=${sha.slice(0, 12)}` : url(path);
      const response = await fetch(address, { cache: "no-cache", credentials: "same-origin" });
      if (!response.ok) return false;
      const body = await response.arrayBuffer();
      if ((await hex(body)) !== sha) return false; // another build on the host: not a mix
      const headers = new Headers();
      headers.set("Content-Type", response.headers.get("Content-Type") || "application/octet-stream");
      fetched.push([url(path), new Response(body, { headers })]);
    }
    for (const [key, response] of fetched) await cache.put(key, response);
    const groups = new Set(await completeGroups(cache));
    groups.add(group);
    await cache.put(url(META), new Response(JSON.stringify([...groups]),
      { headers: { "Content-Type": "application/json" } }));
    return true;
  })().catch(() => false).finally(() => keeping.delete(group));
  keeping.set(group, job);
  return job;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // What the reader had offline from the previous build, they keep from this one.
    const wanted = new Set();
    for (const name of await caches.keys()) {
      if (name === CACHE || !name.startsWith("monopoly-")) continue;
      for (const g of await completeGroups(await caches.open(name))) wanted.add(g);
    }
    for (const group of wanted) {
      if (!(await keepGroup(cache, group))) throw new Error(`could not keep ${group}`);
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && name.startsWith("monopoly-")) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
    if (hit) return hit;
    if (request.mode === "navigate" && !new URL(request.url).pathname.endsWith("/")) {
      const slash = await cache.match(`${request.url.split(/[?#]/)[0]}/`);
      if (slash) return slash;
    }
    if (request.mode !== "navigate") return fetch(request);
    try {
      return await fetch(request);
    } catch (err) {
      // No network and a page this browser has not kept: the site's own page saying so,
      // in the language the reader was reading (else the one asked for), instead of the
      // browser's "site can't be reached". A redirect, so the page's own links work and
      // "back" returns to where the reader was; ?from= is the address that was asked for.
      const page = await offlinePage(cache, [request.referrer, request.url]);
      if (!page) throw err;
      return Response.redirect(`${page}?from=${encodeURIComponent(request.url)}`, 302);
    }
  })());
});

// The offline page (hooks/runtime/offline.py OFFLINE_PAGES, kept with the assets) of the first
// address's language that the cache holds.
const LANG_DIRS = BUILD.langDirs; // hooks/catalogs/languages.py
async function offlinePage(cache, addresses) {
  const tried = [];
  for (const address of addresses) {
    if (!address || !address.startsWith(scope)) continue;
    const first = address.slice(scope.length).split("/")[0];
    tried.push(url(LANG_DIRS.includes(first) ? `${first}/offline/` : "offline/"));
  }
  for (const lang of ["", ...LANG_DIRS.map((d) => `${d}/`)]) tried.push(url(`${lang}offline/`));
  for (const page of tried) {
    if (await cache.match(page)) return page;
  }
  return null;
}

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  const reply = (data) => event.source && event.source.postMessage(data);
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    if (msg.type === "keep") {
      const groups = (msg.groups || []).filter((g) => g in BUILD.groups);
      for (const group of groups) await keepGroup(cache, group);
      reply({ type: "kept", version: BUILD.version, groups, complete: await completeGroups(cache) });
    } else if (msg.type === "status") {
      reply({ type: "status", version: BUILD.version, complete: await completeGroups(cache) });
    }
  })());
});
