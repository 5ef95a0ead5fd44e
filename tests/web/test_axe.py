"""axe-core (npm `axe-core`, installed by .ci/run next to the checkout) audits the table page in the browser:
no serious or critical accessibility violation on any tab, in German, with a turn being scored and an error shown.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.web.test_browser import CHROMIUM, browser, lay, phone, servers  # noqa: F401  (fixtures)

AXE = Path(os.environ.get("LEXICON_TOOLS_AXE", Path(__file__).resolve().parents[2] / ".cache" / "axe" /
                          "node_modules" / "axe-core" / "axe.min.js"))
pytestmark = pytest.mark.skipif(CHROMIUM is None or not AXE.is_file(),
                                reason=f"needs chromium and axe-core at {AXE} (.ci/run installs both)")


def serious(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' ' + (n.any[0] ? n.any[0].message : '')).join(', ')}`);
    }""")
    return found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violations(browser, servers, scheme):  # noqa: F811
    context = browser.new_context(locale="de-DE", color_scheme=scheme, bypass_csp=True, viewport={"width": 360, "height": 640},
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(servers["smartfeud"])
        page.wait_for_selector("body[data-ready='1']")
        problems = {}
        lay(page, "A1", "HA")                              # a refusal on show
        page.wait_for_selector("[data-testid=result] .bad")
        problems["board, refused"] = serious(page)
        page.click("[data-testid=clear]")
        lay(page, "G8", "HAUS")
        page.wait_for_selector("[data-testid=turn-score]")
        problems["board, scored"] = serious(page)
        for tab in ("judge", "sheet", "tiles"):
            page.click(f"[data-tab={tab}]")
            problems[tab] = serious(page)
        assert not any(problems.values()), problems
    finally:
        context.close()
