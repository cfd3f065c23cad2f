"""The rules traceability tables (docs/rules/<game>.md) point at code and tests that exist.

Every table row whose first cell is a rule id (a number, or a section letter and a number such as
`G1` or `F4.1`) is a published rule sentence: its "implemented in" cell names `module::attribute`
references (dotted `game.evaluate::best_line` or as a path, `game/evaluate.py::best_line`; the
module importable, the attribute present, dotted for a class member; a data file such as
`assets/games/<id>/game.toml` may be named too and must exist) and its "tested by" cell names
`tests/path.py::test_name` ids (the file present, the test defined at module level or as
`Class::test_name`). References are the cell's backticked names; words around them, and anything
in brackets, are notes.
No cell may be empty.
The format is documented at the top of docs/rules/README.md. Running the named tests is the
suite's job; this test makes sure none of the names has gone stale.
"""

from __future__ import annotations

import ast
import functools
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
HEADER = ["#", "rule (quoted)", "implemented in", "tested by"]
SEPARATOR = re.compile(r"<br\s*/?>|,\s+")
RULE_ID = re.compile(r"^(?:[A-Z]{1,2})?\d+(?:\.\d+)*$")


def table_files() -> list[Path]:
    return sorted(p for p in RULES.glob("*.md") if p.name != "README.md")


def cells(line: str) -> list[str]:
    """The cells of a Markdown table row (a `|` inside backticks or escaped stays in its cell)."""
    body = line.strip()[1:-1] if line.strip().endswith("|") else line.strip()[1:]
    out, cur, code = [], "", False
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body) and body[i + 1] == "|":
            cur += "|"
            i += 2
            continue
        if ch == "`":
            code = not code
        if ch == "|" and not code:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
        i += 1
    out.append(cur.strip())
    return out


def rows(path: Path) -> list[tuple[int, list[str]]]:
    """(line number, cells) of every rule row of the file's tables, checking each header."""
    out = []
    header_seen = False
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.lstrip().startswith("|"):
            continue
        c = cells(line)
        if [x.lower() for x in c] == HEADER:
            header_seen = True
            continue
        if c and RULE_ID.match(c[0]):
            out.append((n, c))
    assert header_seen, f"{path.name}: no table with the header | {' | '.join(HEADER)} |"
    return out


def refs(cell: str) -> list[str]:
    """The references of a cell: its backticked names (words around them are notes); a cell
    without backticks is split on `<br>` or a comma and a space."""
    cell = re.sub(r"\([^()]*\)", "", cell)  # a note in brackets may quote names of its own
    quoted = [r.strip() for r in re.findall(r"`([^`]+)`", cell) if r.strip()]
    if quoted:
        return quoted
    return [r.strip() for r in SEPARATOR.split(cell) if r.strip()]


@functools.cache
def defined_tests(path: Path) -> frozenset[str]:
    """`test_name` and `Class::test_name` of every test function a test file defines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(f"{node.name}::{item.name}")
    return frozenset(names)


def implementation_problem(ref: str) -> str | None:
    """Why `module::attribute` (or `path/module.py::attribute`, or a data file) does not resolve."""
    module, sep, attr = ref.partition("::")
    if not sep and "/" in ref:
        return None if (ROOT / ref).is_file() else f"{ref!r}: no file {ref}"
    if not sep or not module or not attr:
        return f"{ref!r} is not module::attribute"
    if module.endswith(".py"):
        module = module[: -len(".py")].replace("/", ".")
    try:
        obj = importlib.import_module(module)
    except ImportError as exc:
        return f"{ref!r}: module {module} does not import ({exc})"
    for part in attr.split("."):
        if not hasattr(obj, part):
            return f"{ref!r}: {module} has no {attr}"
        obj = getattr(obj, part)
    return None


def problem_with_test_id(ref: str) -> str | None:
    """Why `tests/path.py::test_name` does not name a test, or None."""
    path, sep, name = ref.partition("::")
    if not sep or not path.endswith(".py") or not path.startswith("tests/"):
        return f"{ref!r} is not tests/path.py::test_name"
    file = ROOT / path
    if not file.is_file():
        return f"{ref!r}: no file {path}"
    if name.split("[")[0] not in defined_tests(file):
        return f"{ref!r}: {path} defines no {name}"
    return None


def check_table(path: Path) -> list[str]:
    problems = []
    found = rows(path)
    if not found:
        problems.append(f"{path.name}: the table has no rule rows")
    ids = [c[0] for _, c in found]
    if all(i.isdigit() for i in ids):
        if [int(i) for i in ids] != list(range(1, len(ids) + 1)):
            problems.append(f"{path.name}: rows are not numbered 1, 2, 3, … in order")
    elif len(set(ids)) != len(ids):
        problems.append(f"{path.name}: a rule id is used twice")
    for line, c in found:
        where = f"{path.name}:{line}"
        if len(c) != len(HEADER):
            problems.append(f"{where}: {len(c)} cells, expected {len(HEADER)}")
            continue
        _, rule, impl, tested = c
        if not rule.strip('"“” '):
            problems.append(f"{where}: empty rule")
        for label, cell, check in (
            ("implemented in", impl, implementation_problem),
            ("tested by", tested, problem_with_test_id),
        ):
            found_refs = refs(cell)
            if not found_refs:
                problems.append(f"{where}: empty '{label}' cell")
            problems += [f"{where}: {p}" for r in found_refs if (p := check(r))]
    return problems


@pytest.mark.parametrize("path", table_files(), ids=lambda p: p.stem)
def test_every_row_names_code_and_tests_that_exist(path: Path) -> None:
    problems = check_table(path)
    assert not problems, "\n".join(problems)


def test_there_are_tables_and_a_format_note() -> None:
    assert table_files(), "no docs/rules/<game>.md tables"
    readme = (RULES / "README.md").read_text(encoding="utf-8")
    assert "| " + " | ".join(HEADER) + " |" in readme


def test_the_checker_finds_every_kind_of_gap(tmp_path: Path) -> None:
    bad = tmp_path / "bad.md"
    ok = "`tests/game/test_evaluate.py::test_made_wild_corners`"
    both = "`game.evaluate::best_line`<br>`game.evaluate::compile_game`"
    bad.write_text(
        "| # | rule (quoted) | implemented in | tested by |\n|---|---|---|---|\n"
        f'| 1 | "A rule." | `game.evaluate::best_line` | {ok} |\n'
        f'| 2 | "Empty." |  | {ok} |\n'
        f'| 3 | "No module." | `game.nowhere::f` | {ok} |\n'
        '| 4 | "No attribute." | `game.evaluate::nothing_here` | `tests/game/test_evaluate.py::test_nope` |\n'
        f'| 5 | "No file." | {both} | `tests/none.py::test_x` |\n'
        f'| 6 | "As a path." | `game/evaluate.py::best_line` (a note, `assets/elsewhere.toml`) | {ok} |\n'
        f'| 7 | "A data file." | `assets/nothing.toml` | {ok} |\n',
        encoding="utf-8",
    )
    problems = "\n".join(check_table(bad))
    assert ":3:" not in problems  # the good row
    assert "empty 'implemented in'" in problems
    assert "game.nowhere" in problems and "nothing_here" in problems
    assert "defines no test_nope" in problems and "no file tests/none.py" in problems
    assert "compile_game" not in problems  # a second reference after <br> is checked and found
    assert "best_line" not in problems and "no file assets/nothing.toml" in problems
    assert "elsewhere" not in problems  # a note in brackets is not a reference
