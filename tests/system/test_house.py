"""The limits the house set itself (issue 20), read from the generated package and the tests with ast, nothing imported:
no function longer than 60 lines, no public function with more than 8 parameters, and assertions on prose about
results held under 5 % of all assertions (golden-text tests of the render layer included). `python
tests/house_metrics.py` prints the figures."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import house_metrics as hm

PROSE_SHARE_MAX = 0.05


def test_no_function_over_60_lines():
    long = [f"{r['where']} {r['name']} ({r['lines']} lines)" for r in hm.functions() if r["lines"] > hm.MAX_FUNCTION_LINES]
    assert long == [], long


def test_no_public_function_over_8_parameters():
    wide = [f"{r['where']} {r['name']} ({r['params']} parameters)" for r in hm.functions()
            if r["public"] and r["params"] > hm.MAX_PUBLIC_PARAMS]
    assert wide == [], wide


def test_prose_assertions_under_5_percent():
    total, prose, _ = hm.assertion_counts()
    assert total > 1000, total            # the counter still finds the tests
    assert prose / total < PROSE_SHARE_MAX, (prose, total, hm.prose_assertions()[:20])
