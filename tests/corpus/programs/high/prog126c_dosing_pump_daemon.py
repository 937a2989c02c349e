#!/usr/bin/env python3
"""Dosing pump daemon.

Drives the peristaltic dosing pumps on the grow bed rack from plan.json
(written by the dosing planner).  The pumps hang off GPIO pins of the
Raspberry Pi; the pins are exported through sysfs at start-up, after which
the daemon switches to the unprivileged ``aquaponics`` account for the
long-running part.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import signal
import sys
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("pumpd")

GPIO_ROOT = Path("/sys/class/gpio")
PUMP_PINS = {"iron_dtpa": 17, "potassium": 27, "ca_buffer": 22}
ML_PER_SECOND = 1.6


def export_pins(pins, owner_gid):
    for pin in pins:
        node = GPIO_ROOT / f"gpio{pin}"
        if not node.exists():
            (GPIO_ROOT / "export").write_text(str(pin))
            time.sleep(0.1)  # udev needs a moment to create the node
        (node / "direction").write_text("out")
        (node / "value").write_text("0")
        for leaf in ("value", "direction"):
            os.chown(node / leaf, -1, owner_gid)
            os.chmod(node / leaf, 0o664)
        log.info("gpio%d ready", pin)


class Privileges:
    """Thin wrapper over libc so saved ids are dropped as well."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def become(self, user):
        pw = pwd.getpwnam(user)
        groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] + [pw.pw_gid]
        arr = (ctypes.c_uint * len(groups))(*groups)
        self._check(self.libc.setgroups(len(groups), arr), "setgroups")
        self._check(self.libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
        self._check(self.libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
        os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
        log.info("running as %s (uid %d)", user, pw.pw_uid)


def run_pump(nutrient, ml):
    pin = PUMP_PINS[nutrient]
    value = GPIO_ROOT / f"gpio{pin}" / "value"
    seconds = ml / ML_PER_SECOND
    log.info("dosing %.2f mL %s (%.1fs on gpio%d)", ml, nutrient, seconds, pin)
    value.write_text("1")
    try:
        time.sleep(seconds)
    finally:
        value.write_text("0")


def load_plan(path):
    data = json.loads(Path(path).read_text())
    doses = sorted(data.get("doses", []), key=lambda d: d["at"])
    return [d for d in doses if d["nutrient"] in PUMP_PINS]


def main(argv=None):
    ap = argparse.ArgumentParser(description="Run the grow bed dosing pumps")
    ap.add_argument("--plan", default="/srv/aquaponics/plan.json")
    ap.add_argument("--user", default="aquaponics")
    ap.add_argument("--poll", type=int, default=20)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    stop = {"flag": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(flag=True))

    try:
        gid = grp.getgrnam("gpio").gr_gid
    except KeyError:
        gid = pwd.getpwnam(args.user).pw_gid
    export_pins(PUMP_PINS.values(), gid)
    if os.geteuid() == 0:
        Privileges().become(args.user)

    done = set()
    while not stop["flag"]:
        try:
            plan = load_plan(args.plan)
        except (OSError, ValueError, KeyError) as exc:
            log.warning("plan unreadable: %s", exc)
            plan = []
        now = datetime.now().isoformat(timespec="minutes")
        for dose in plan:
            key = (dose["bed"], dose["nutrient"], dose["at"])
            if key in done or dose["at"] > now:
                continue
            run_pump(dose["nutrient"], float(dose["ml"]))
            done.add(key)
        time.sleep(args.poll)
    log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
