"""tasks.py (the make-free set-up and test commands) and the desktop workflow it is run by."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_tasks():
    spec = importlib.util.spec_from_file_location("reelhouse_tasks", ROOT / "tasks.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_venv_python_follows_the_platform(tmp_path: Path) -> None:
    tasks = load_tasks()
    assert tasks.venv_python(tmp_path, "win32") == tmp_path / "Scripts" / "python.exe"
    assert tasks.venv_python(tmp_path, "darwin") == tmp_path / "bin" / "python"
    assert tasks.venv_python(tmp_path, "linux") == tmp_path / "bin" / "python"


def test_lock_digest_changes_with_the_lock(tmp_path: Path) -> None:
    tasks = load_tasks()
    lock = tmp_path / "requirements.lock"
    lock.write_text("numpy==2.4.6\n")
    first = tasks.lock_digest(lock)
    lock.write_text("numpy==2.4.7\n")
    assert tasks.lock_digest(lock) != first


def test_every_make_entry_point_is_a_tasks_command() -> None:
    tasks = load_tasks()
    makefile = (ROOT / "Makefile").read_text()
    for name in ("play", "test", "test-fast", "lint", "package", "package-smoke", "venv"):
        assert name in tasks.COMMANDS
        assert f"tasks.py {name}" in makefile


def test_unknown_command_prints_the_usage_and_fails() -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tasks.py"), "nonsense"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    assert "python tasks.py test" in proc.stdout


def test_readme_names_both_commands_for_every_desktop() -> None:
    readme = (ROOT / "README.md").read_text()
    for words in (
        "make play",
        "make test",
        "python tasks.py play",
        "python tasks.py test",
        "Windows",
        "macOS",
    ):
        assert words in readme


def test_desktop_workflow_is_a_valid_github_workflow() -> None:
    """Validated offline against the GitHub-workflow schema that check-jsonschema vendors."""
    workflow = ROOT / ".github" / "workflows" / "desktop.yml"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "check_jsonschema",
            "--builtin-schema",
            "vendor.github-workflows",
            str(workflow),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    text = workflow.read_text()
    for os_name in ("ubuntu-latest", "windows-latest", "macos-latest"):
        assert os_name in text
    assert "python tasks.py test-fast" in text and "python tasks.py package-smoke" in text


def test_the_schema_check_can_fail(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    broken.write_text("name: x\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps: nope\n")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "check_jsonschema",
            "--builtin-schema",
            "vendor.github-workflows",
            str(broken),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode != 0


@pytest.mark.parametrize(
    ("platform", "parts"),
    [
        ("win32", ("data", "Reelhouse")),
        ("darwin", ("Library", "Application Support", "Reelhouse")),
        ("linux", ("data", "reelhouse")),
    ],
)
def test_smoke_test_looks_for_the_ledger_where_the_app_writes_it(
    platform: str, parts: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The smoke test's expected folder equals game.paths.user_data_dir under its environment."""
    sys.path.insert(0, str(ROOT / "build"))
    try:
        import smoke_test
    finally:
        sys.path.remove(str(ROOT / "build"))
    from game import paths

    home = tmp_path / "home"
    env = smoke_test.headless_env(home)
    for key in ("HOME", "USERPROFILE", "APPDATA", "XDG_DATA_HOME"):
        monkeypatch.setenv(key, env[key])
    monkeypatch.setattr(paths.sys, "platform", platform)
    monkeypatch.setattr(paths.Path, "home", classmethod(lambda cls: home))
    expected = smoke_test.expected_user_dir(home, platform)
    assert expected == home.joinpath(*parts)
    assert paths.user_data_dir() == expected
