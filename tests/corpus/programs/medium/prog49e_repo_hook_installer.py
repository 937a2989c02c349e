#!/usr/bin/env python3
"""Install this project's pre-commit and commit-msg hooks into the current
repository's own hooks directory (the one `git rev-parse --git-path hooks`
reports). Existing hooks are backed up with a .orig suffix.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

logger = logging.getLogger("hooks")

HOOKS = {
    "pre-commit": """#!/bin/sh
# installed by tools/install_hooks.py
set -e
files=$(git diff --cached --name-only --diff-filter=ACM -- '*.py')
[ -z "$files" ] && exit 0
python -m ruff check $files
python -m black --check --quiet $files
""",
    "commit-msg": """#!/bin/sh
# installed by tools/install_hooks.py
head -n1 "$1" | grep -Eq '^(feat|fix|docs|chore|refactor|test)(\\(.+\\))?: .{3,}' || {
    echo "commit message must follow Conventional Commits" >&2
    exit 1
}
""",
}


def git(*args: str) -> str:
    out = subprocess.run(["git", *args], check=True, capture_output=True, text=True)
    return out.stdout.strip()


def hooks_dir() -> Path:
    top = Path(git("rev-parse", "--show-toplevel"))
    if Path.cwd().resolve() != top.resolve():
        raise SystemExit(f"run this from the repository root ({top})")
    return (top / git("rev-parse", "--git-path", "hooks")).resolve()


def install(name: str, body: str, target_dir: Path, force: bool) -> bool:
    target = target_dir / name
    if target.exists():
        current = target.read_text(encoding="utf-8", errors="replace")
        if current == body:
            logger.info("%s already up to date", name)
            return False
        if "installed by tools/install_hooks.py" not in current and not force:
            logger.warning("%s exists and is not ours; use --force", name)
            return False
        backup = target.with_suffix(".orig")
        target.replace(backup)
        logger.info("backed up %s -> %s", name, backup.name)
    target.write_text(body, encoding="utf-8")
    mode = target.stat().st_mode
    target.chmod(mode | stat.S_IXUSR | stat.S_IXGRP)
    logger.info("installed %s", name)
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--only", choices=sorted(HOOKS), action="append")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        target_dir = hooks_dir()
    except subprocess.CalledProcessError as exc:
        logger.error("not a git repository: %s", exc.stderr.strip())
        return 1
    target_dir.mkdir(exist_ok=True)

    selected = args.only or list(HOOKS)
    changed = sum(install(n, HOOKS[n], target_dir, args.force) for n in selected)
    logger.info("%d hook(s) changed in %s", changed, os.path.relpath(target_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
