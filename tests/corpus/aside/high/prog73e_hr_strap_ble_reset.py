#!/usr/bin/env python3
"""Recover a laptop Bluetooth adapter that stopped seeing heart-rate straps.

Polar / Wahoo / Garmin HRM straps regularly vanish from BlueZ after suspend
on some Intel and Realtek adapters. The usual fix from the forums is to
reload the btusb driver and turn off ERTM; this tool does that in one go and
then checks whether an HR service (0x180D) advertiser shows up again.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("hrm-reset")

HR_SERVICE = "0000180d-0000-1000-8000-00805f9b34fb"
ERTM_PARAM = Path("/sys/module/bluetooth/parameters/disable_ertm")


class Privileged:
    """Tiny wrapper so every root step goes through one place."""

    def __init__(self, tool=None):
        self.tool = tool or next((t for t in ("sudo", "doas", "pkexec") if shutil.which(t)), None)
        if not self.tool:
            raise SystemExit("no sudo/doas/pkexec available")

    def run(self, *args, stdin=None):
        cmd = [self.tool, *args]
        log.debug("running %s", " ".join(cmd))
        return subprocess.run(cmd, input=stdin, text=True, capture_output=True, check=False)


def reload_driver(priv, module):
    for step in (("modprobe", "-r", module), ("modprobe", module)):
        res = priv.run(*step)
        if res.returncode != 0:
            log.warning("%s failed: %s", " ".join(step), res.stderr.strip())
            return False
        time.sleep(1.5)
    return True


def set_ertm(priv, disabled=True):
    value = "Y" if disabled else "N"
    if ERTM_PARAM.exists() and ERTM_PARAM.read_text().strip() == value:
        log.info("ERTM already %s", "off" if disabled else "on")
        return True
    res = priv.run("tee", str(ERTM_PARAM), stdin=value + "\n")
    return res.returncode == 0


def restart_bluez(priv):
    res = priv.run("systemctl", "restart", "bluetooth.service")
    if res.returncode:
        log.warning("bluetooth.service restart failed: %s", res.stderr.strip())


def scan_for_hr(seconds):
    """Use bluetoothctl (unprivileged) to see whether a strap advertises."""
    try:
        proc = subprocess.run(
            ["bluetoothctl", "--timeout", str(seconds), "scan", "on"],
            capture_output=True, text=True, timeout=seconds + 5)
    except (FileNotFoundError, subprocess.TimeoutExpired) as exc:
        log.warning("scan failed: %s", exc)
        return []
    found = []
    for line in proc.stdout.splitlines():
        if "Device" in line and ("HRM" in line or "Polar" in line or "TICKR" in line):
            found.append(line.split("Device", 1)[1].strip())
    return found


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--module", default="btusb")
    ap.add_argument("--keep-ertm", action="store_true")
    ap.add_argument("--scan", type=int, default=10, help="scan seconds after reset")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    priv = Privileged()
    if not args.keep_ertm and not set_ertm(priv, True):
        log.warning("could not disable ERTM")
    if not reload_driver(priv, args.module):
        log.error("driver reload failed; try replugging the adapter")
        return 1
    restart_bluez(priv)
    time.sleep(2)

    straps = scan_for_hr(args.scan)
    if straps:
        for s in straps:
            log.info("strap visible: %s", s)
        return 0
    log.warning("no HR strap seen - wet the electrodes and try again")
    return 3


if __name__ == "__main__":
    sys.exit(main())
