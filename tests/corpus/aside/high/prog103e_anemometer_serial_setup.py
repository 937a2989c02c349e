#!/usr/bin/env python3
"""Set up the clubhouse masthead anemometer on the weather PC.

The anemometer talks NMEA 0183 (MWV sentences) through a USB serial adapter.
This script finds the adapter, installs a udev rule so it always appears as
/dev/anemometer with group access for the weather display user, opens up the
current device node so the display can start without a re-plug, and then
reads a few sentences to prove the wiring is right.

    anemometer_serial_setup.py [--baud 4800] [--samples 5]
"""
import argparse
import glob
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import serial

log = logging.getLogger("anemometer")

RULES_PATH = Path("/etc/udev/rules.d/99-club-anemometer.rules")
RULE_TEMPLATE = ('SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
                 'SYMLINK+="anemometer", GROUP="dialout", MODE="0664"\n')


def usb_ids(tty):
    """Return (vendor, product) ids for a /dev/ttyUSBn node from sysfs."""
    dev = Path("/sys/class/tty") / Path(tty).name / "device"
    node = dev.resolve()
    for parent in [node, *node.parents]:
        vid, pid = parent / "idVendor", parent / "idProduct"
        if vid.exists() and pid.exists():
            return vid.read_text().strip(), pid.read_text().strip()
    raise LookupError(f"no USB ids found for {tty}")


def find_adapter(preferred=None):
    if preferred:
        return preferred
    candidates = sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*"))
    if not candidates:
        raise FileNotFoundError("no USB serial adapter plugged in")
    if len(candidates) > 1:
        log.warning("several adapters found, using %s", candidates[0])
    return candidates[0]


def install_rule(vid, pid):
    rule = RULE_TEMPLATE.format(vid=vid, pid=pid)
    if RULES_PATH.exists() and RULES_PATH.read_text() == rule:
        log.info("udev rule already current")
        return False
    RULES_PATH.write_text(rule)
    os.chmod(RULES_PATH, 0o644)
    log.info("wrote %s", RULES_PATH)
    return True


def reload_udev():
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=tty"]):
        subprocess.run(cmd, check=True)
    time.sleep(1)


def open_node_now(tty):
    # udev only applies the new mode on the next plug event
    os.chmod(tty, 0o666)
    log.info("%s opened for the display user", tty)


def parse_mwv(line):
    # $WIMWV,214.8,R,12.3,N,A*hh
    body = line.split("*", 1)[0]
    parts = body.split(",")
    if len(parts) < 6 or not parts[0].endswith("MWV") or parts[5] != "A":
        return None
    units = {"N": 1.0, "M": 1.943844, "K": 0.539957}
    return float(parts[1]), float(parts[3]) * units.get(parts[4], 1.0)


def verify(tty, baud, samples, timeout=15):
    got = 0
    deadline = time.monotonic() + timeout
    with serial.Serial(tty, baudrate=baud, timeout=2) as port:
        while got < samples and time.monotonic() < deadline:
            raw = port.readline().decode("ascii", errors="replace").strip()
            reading = parse_mwv(raw) if raw.startswith("$") else None
            if reading:
                got += 1
                log.info("wind %.0f deg  %.1f kn", *reading)
    return got


def main(argv=None):
    ap = argparse.ArgumentParser(description="Anemometer serial setup")
    ap.add_argument("--device")
    ap.add_argument("--baud", type=int, default=4800)
    ap.add_argument("--samples", type=int, default=5)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        tty = find_adapter(args.device)
        vid, pid = usb_ids(tty)
        log.info("adapter %s (%s:%s)", tty, vid, pid)
        if install_rule(vid, pid):
            reload_udev()
        open_node_now(tty)
    except PermissionError as exc:
        log.error("permission denied (%s) - run this on the weather PC as root", exc)
        return 2
    except (FileNotFoundError, LookupError, subprocess.CalledProcessError) as exc:
        log.error("%s", exc)
        return 1

    got = verify(tty, args.baud, args.samples)
    if got == 0:
        log.error("no MWV sentences at %d baud - check wiring and baud rate", args.baud)
        return 3
    log.info("anemometer OK (%d readings)", got)
    return 0


if __name__ == "__main__":
    sys.exit(main())
