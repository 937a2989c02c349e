#!/usr/bin/env python3
"""Prints a short status of the services' working copies with the sh library."""
import logging
import sys
from pathlib import Path

from sh import git, df, ErrorReturnCode

log = logging.getLogger("status")


def repo_status(path):
    try:
        branch = git("-C", str(path), "rev-parse", "--abbrev-ref", "HEAD").strip()
        dirty = bool(git("-C", str(path), "status", "--porcelain").strip())
    except ErrorReturnCode as exc:
        log.warning("%s: %s", path, exc)
        return None
    return branch, dirty


def main(root="."):
    for sub in sorted(Path(root).iterdir()):
        if (sub / ".git").is_dir():
            st = repo_status(sub)
            if st:
                print(f"{sub.name:30} {st[0]:20} {'dirty' if st[1] else 'clean'}")
    print(df("-h", "."))


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    main(*sys.argv[1:2])
