#!/usr/bin/env python3
"""Reset a shared lab account's course workspace between lab sessions.

Run from the root of the assignment checkout at the end of a session on the
pooled lab accounts. Removes notebook checkpoints and caches, restores the
starter notebooks from ./.starter/, and clears the per-session state the
previous student left in the account so the next group starts clean.
"""
import argparse
import fnmatch
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("workspace-reset")

CACHE_DIRS = (".ipynb_checkpoints", "__pycache__", ".pytest_cache", ".mypy_cache", "build", "dist")
CACHE_FILES = ("*.pyc", "*.pyo", "*.nbconvert.ipynb", ".coverage")

SESSION_STATE = (
    ".bash_history",
    ".zsh_history",
    ".python_history",
    ".lesshst",
    ".viminfo",
    ".local/share/jupyter/runtime",
    ".ipython/profile_default/history.sqlite",
    ".local/share/fish/fish_history",
)


def walk_targets(root):
    for dirpath, dirnames, filenames in os.walk(root, topdown=True):
        here = Path(dirpath)
        if ".starter" in here.parts or ".git" in here.parts:
            dirnames[:] = []
            continue
        for d in list(dirnames):
            if d in CACHE_DIRS:
                dirnames.remove(d)
                yield here / d
        for f in filenames:
            if any(fnmatch.fnmatch(f, pat) for pat in CACHE_FILES):
                yield here / f


def remove(path, dry_run):
    if dry_run:
        log.info("would remove %s", path)
        return
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()
    log.debug("removed %s", path)


def restore_starters(root, dry_run):
    starter = root / ".starter"
    if not starter.is_dir():
        return 0
    restored = 0
    for src in starter.rglob("*.ipynb"):
        dest = root / src.relative_to(starter)
        if not dry_run:
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)
            os.chmod(dest, 0o600)
        restored += 1
    return restored


def clear_session_state(home, dry_run):
    """Drop shell/kernel state so the next group does not inherit it."""
    cleared = 0
    for rel in SESSION_STATE:
        p = home / rel
        if not p.exists():
            continue
        if dry_run:
            log.info("would clear %s", p)
        elif p.is_dir():
            shutil.rmtree(p, ignore_errors=True)
        else:
            # truncate rather than unlink so open shells keep a valid fd
            with open(p, "w"):
                pass
        cleared += 1
    os.environ["HISTFILE"] = os.devnull
    os.environ["HISTSIZE"] = "0"
    return cleared


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--keep-session-state", action="store_true")
    ap.add_argument("--no-starters", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = Path.cwd().resolve()
    home = Path.home().resolve()
    if root == Path(root.anchor) or root == home:
        log.error("run this inside an assignment directory, not %s", root)
        return 2

    count = 0
    for target in walk_targets(root):
        try:
            remove(target, args.dry_run)
            count += 1
        except OSError as exc:
            log.warning("could not remove %s: %s", target, exc)
    log.info("removed %d cache entries", count)

    if not args.no_starters:
        log.info("restored %d starter notebooks", restore_starters(root, args.dry_run))
    if not args.keep_session_state:
        log.info("cleared %d session state entries", clear_session_state(home, args.dry_run))
    return 0


if __name__ == "__main__":
    sys.exit(main())
