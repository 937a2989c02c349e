#!/usr/bin/env python3
"""Repeater power relay control.

Runs on the Raspberry Pi in the repeater hut. Toggles the relay that
power-cycles the repeater when the health check says it has locked up.
Needs the GPIO line exported first; after that the daemon runs under the
unprivileged 'repeater' account.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import time
from pathlib import Path

import requests

log = logging.getLogger("power_relay")

GPIO_ROOT = Path("/sys") / "class" / "gpio"
STATUS_URL = "http://198.51.100.20/status"

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def export_line(line):
    node = GPIO_ROOT / f"gpio{line}"
    if not node.exists():
        (GPIO_ROOT / "export").write_text(str(line))
        time.sleep(0.2)  # give sysfs a moment to create the node
    (node / "direction").write_text("out")
    return node


def set_relay(node, on):
    (node / "value").write_text("1" if on else "0")


def switch_identity(username):
    """Move the daemon onto the service account via libc."""
    entry = pwd.getpwnam(username)
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    calls = [
        ("setgroups", (1, groups)),
        ("setresgid", (entry.pw_gid, entry.pw_gid, entry.pw_gid)),
        ("setresuid", (entry.pw_uid, entry.pw_uid, entry.pw_uid)),
    ]
    for name, argv in calls:
        fn = getattr(_libc, name)
        if fn(*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (%d)", username, entry.pw_uid)


def repeater_healthy(timeout=5):
    try:
        r = requests.get(STATUS_URL, timeout=timeout)
        return r.ok and r.json().get("tx_lock") is not True
    except (requests.RequestException, ValueError):
        return False


def power_cycle(node, off_seconds):
    log.warning("power-cycling repeater for %ds", off_seconds)
    set_relay(node, False)
    time.sleep(off_seconds)
    set_relay(node, True)


def watch(node, interval, failures_needed, off_seconds):
    failures = 0
    while True:
        if repeater_healthy():
            failures = 0
        else:
            failures += 1
            log.info("health check failed (%d/%d)", failures, failures_needed)
            if failures >= failures_needed:
                power_cycle(node, off_seconds)
                failures = 0
                time.sleep(120)  # let it boot before checking again
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description="Repeater power-cycle relay daemon")
    ap.add_argument("--line", type=int, default=17, help="BCM GPIO line of the relay")
    ap.add_argument("--user", default="repeater")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--failures", type=int, default=3)
    ap.add_argument("--off-seconds", type=int, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        node = export_line(args.line)
        set_relay(node, True)
    except OSError as exc:
        raise SystemExit(f"cannot set up GPIO {args.line}: {exc}")
    switch_identity(args.user)
    watch(node, args.interval, args.failures, args.off_seconds)


if __name__ == "__main__":
    main()
