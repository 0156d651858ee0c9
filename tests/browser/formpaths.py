"""JavaScript shared by the browser tests that drive the calculators' forms.

``PATH_OF`` defines ``pathOf(node)``: a form field's request path as the calculators build
it (``"buildings"``, ``"properties.0.square"``), from ``data-key`` and ``data-item``; it
expects ``form`` (the calculator's ``<form>``) to be in scope.
"""

PATH_OF = """  const items = (list) => [...list.children].filter((c) => c.matches('[data-item]'));
  const pathOf = (node) => {
    const parts = [node.dataset.key];
    let cur = node.parentElement.closest('[data-item]');
    while (cur && form.contains(cur)) {
      const list = cur.parentElement;
      parts.unshift(String(items(list).indexOf(cur)));
      parts.unshift(list.dataset.key);
      cur = list.parentElement.closest('[data-item]');
    }
    return parts.join('.');
  };
"""
