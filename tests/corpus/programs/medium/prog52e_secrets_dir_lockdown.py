#!/usr/bin/env python3
"""Tighten permissions of the project's deploy/secrets tree.

Shells out to chmod/chown/stat because the repo is also used from macOS
and the team wants the same flags as the documented manual procedure.
Only paths inside the current project are accepted.
"""
import argparse
import getpass
import logging
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("lockdown")

POLICY = [
    # (glob, chmod spec)
    ("*.pem", "u=rw,go="),
    ("*.key", "u=rw,go="),
    ("*.env", "u=rw,g=r,o="),
    ("*.json", "u=rw,g=r,o="),
]


def sh(argv, dry_run):
    log.debug("$ %s", shlex.join(argv))
    if dry_run:
        return ""
    res = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         universal_newlines=True)
    if res.returncode:
        raise RuntimeError(f"{argv[0]} failed: {res.stderr.strip()}")
    return res.stdout


def current_modes(paths):
    if not paths:
        return {}
    out = sh(["stat", "-c", "%a %U %n", *map(str, paths)], dry_run=False)
    modes = {}
    for line in out.splitlines():
        mode, owner, name = line.split(" ", 2)
        modes[name] = (mode, owner)
    return modes


def lock_tree(root: Path, user: str, dry_run: bool) -> int:
    changed = 0
    sh(["chown", "-R", user, str(root)], dry_run)
    sh(["chmod", "u=rwx,go=", str(root)], dry_run)
    for pattern, spec in POLICY:
        matches = sorted(root.rglob(pattern))
        if not matches:
            continue
        before = current_modes(matches)
        sh(["chmod", spec, *map(str, matches)], dry_run)
        after = before if dry_run else current_modes(matches)
        for path in matches:
            if before.get(str(path)) != after.get(str(path)):
                changed += 1
                log.info("%s: %s -> %s", path, before.get(str(path)),
                         after.get(str(path)))
    return changed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("path", nargs="?", default="deploy/secrets")
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    project = Path.cwd().resolve()
    root = (project / args.path).resolve()
    if project not in root.parents or not root.is_dir():
        log.error("%s is not a directory inside %s", root, project)
        return 2
    try:
        n = lock_tree(root, args.user, args.dry_run)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("%d file(s) changed", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
