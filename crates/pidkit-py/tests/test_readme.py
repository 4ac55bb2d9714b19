"""The Python examples of the README and of the guide (every Markdown file under docs/) that
show their output (``>>>`` lines) run as doctests."""

from __future__ import annotations

import doctest
import re

from conftest import ROOT

#: Pages that must keep at least one ``>>>`` example.
WITH_EXAMPLES = ("README.md", "docs/python.md")


def documents():
    yield ROOT / "README.md"
    yield from sorted((ROOT / "docs").rglob("*.md"))


def test_python_examples_of_the_readme_and_the_guide_run():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    with_examples = set()
    for path in documents():
        name = str(path.relative_to(ROOT))
        text = path.read_text(encoding="utf-8")
        blocks = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if ">>>" in b]
        if blocks:
            with_examples.add(name)
        for k, block in enumerate(blocks):
            test = parser.get_doctest(block, {}, f"{name}[{k}]", name, 0)
            runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted > 0
    assert set(WITH_EXAMPLES) <= with_examples, f"no >>> example in {set(WITH_EXAMPLES) - with_examples}"
