() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const res = performance.getEntriesByType("resource");
  return [[nav.name, nav.transferSize, nav.encodedBodySize],
          ...res.map((r) => [r.name, r.transferSize, r.encodedBodySize])];
}
