// When the calculators of a page are set up (issue 27). Setting one up (its board,
// visibility, lists, the request it starts from) costs a few milliseconds on a fast
// machine and several times that on a phone: all of them in one go were one long task on
// the main thread, joined to the theme's own start. So each gets its own task: `first`
// at once (the page's loading task), the others one per task after it, in page order.
// A calculator the reader reaches for before its turn is set up at once (focus and
// pointerdown come before any input or change event). `done` runs when all are set up.

// `first`: the one in view (the one the address points at, else the first: no layout is
// asked for). `setUp(section)` must do nothing for a section already set up.
export function setUpInTurn(sections, first, setUp, done) {
  for (const s of sections) {
    const now = () => setUp(s);
    for (const type of ["focusin", "pointerdown", "touchstart"]) s.addEventListener(type, now, { capture: true, once: true, passive: true });
  }
  setUp(first);
  const rest = sections.filter((s) => s !== first);
  const next = () => {
    const section = rest.shift();
    if (section) setUp(section);
    if (rest.length) later(next);
    else done();
  };
  later(next);
}

// A new task soon, after the browser has painted and handled input: the next set-up never
// joins the page's loading task or another calculator's.
export function later(fn) {
  if (globalThis.scheduler && typeof scheduler.postTask === "function") scheduler.postTask(fn, { priority: "user-visible" });
  else setTimeout(fn, 0);
}
