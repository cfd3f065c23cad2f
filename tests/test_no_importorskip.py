"""No test skips itself when one of the project's own modules fails to import.

`pytest.importorskip("game.ledger")` turns a broken import into a quiet skip; the project's
modules are imported plainly so that breaking one fails its tests. Third-party packages that are
optional (the asset generator's) may still be skipped for.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
OWN = ("game", "scenes", "tools", "build", "main", "tasks")


def test_no_importorskip_of_the_projects_own_modules() -> None:
    offenders: list[str] = []
    for path in TESTS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "importorskip"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and str(node.args[0].value).split(".")[0] in OWN
            ):
                offenders.append(f"{path.relative_to(TESTS)}:{node.lineno} {node.args[0].value}")
    assert not offenders, "import these plainly: " + ", ".join(offenders)
