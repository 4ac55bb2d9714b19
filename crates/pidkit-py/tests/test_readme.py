"""The README's Python examples that show their output (``>>>`` lines) run as doctests."""

from __future__ import annotations

import doctest
import re

from conftest import ROOT


def test_readme_python_examples_run():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Python and at scale"):]
    section = section[: section.index("\n## ", 1)]
    blocks = [b for b in re.findall(r"```python\n(.*?)```", section, re.S) if ">>>" in b]
    assert blocks, "the section has no >>> example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for k, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README[{k}]", "README.md", 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted > 0
