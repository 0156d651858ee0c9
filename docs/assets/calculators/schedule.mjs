// When the calculators of a page are set up (issue 27). Setting one up (its board,
// visibility, lists, the request it starts from) costs a few milliseconds on a fast
// machine and several times that on a phone: all of them in one go were one long task on
// the main thread, joined to the theme's own start; the first one alone, run while the
// module was evaluated, still made the page's loading task a long one of the project's
// own on the bench's phone (./dev bench, 2026-12-04). So each gets its own task, none
// the module's: `first` in the next task, the others one per task after it, in page
// order. The build has already written every form as it starts and its answer, so what
// the reader sees does not wait for this. A calculator the reader reaches for before its
// turn is set up at once (focus and pointerdown come before any input or change event).
// `done` runs when all are set up.

// `first`: the one in view (the one the address points at, else the first: no layout is
// asked for). `setUp(section)` must do nothing for a section already set up.
export function setUpInTurn(sections, first, setUp, done) {
  for (const s of sections) {
    const now = () => setUp(s);
    for (const type of ["focusin", "pointerdown", "touchstart"]) s.addEventListener(type, now, { capture: true, once: true, passive: true });
  }
  const rest = [first, ...sections.filter((s) => s !== first)];
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
