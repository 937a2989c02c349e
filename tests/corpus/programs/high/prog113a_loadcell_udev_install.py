#!/usr/bin/env python3
"""Set up the USB load-cell interface used for proof-load testing.

The test-bed load cells (and the portable dynamometer used on lifting
accessory proof tests) connect through an FTDI USB-serial adapter.  This
helper detects the adapter, writes a udev rule so it always appears as
``/dev/loadcell0`` with group access, puts the current user in the serial
group and checks that a reading can be taken.

Run once per workshop PC after the adapter is first plugged in.
"""

import argparse
import getpass
import grp
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("loadcell-setup")

RULES_PATH = Path("/etc/udev/rules.d/71-loadcell.rules")
KNOWN_ADAPTERS = {
    ("0403", "6001"): "FTDI FT232R",
    ("0403", "6015"): "FTDI FT231X",
    ("1a86", "7523"): "CH340",
}
RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'ATTRS{{serial}}=="{serial}", SYMLINK+="loadcell0", GROUP="{group}", MODE="0660"\n'
)


def find_adapter():
    """Return (vid, pid, serial, devnode) for the first known adapter."""
    for dev in sorted(Path("/sys/bus/usb/devices").glob("*")):
        vid_f, pid_f = dev / "idVendor", dev / "idProduct"
        if not (vid_f.exists() and pid_f.exists()):
            continue
        key = (vid_f.read_text().strip(), pid_f.read_text().strip())
        if key in KNOWN_ADAPTERS:
            serial = (dev / "serial").read_text().strip() if (dev / "serial").exists() else ""
            ttys = list(dev.glob("*/tty*/tty*")) or list(dev.glob("*/tty*"))
            node = f"/dev/{ttys[0].name}" if ttys else None
            log.info("found %s serial=%s node=%s", KNOWN_ADAPTERS[key], serial, node)
            return key[0], key[1], serial, node
    return None


def serial_group():
    for name in ("dialout", "uucp", "tty"):
        try:
            grp.getgrnam(name)
            return name
        except KeyError:
            continue
    return "dialout"


def run_privileged(argv, stdin=None):
    cmd = argv if os.geteuid() == 0 else ["sudo", *argv]
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, input=stdin, text=True, check=True,
                          capture_output=True)


def install_rule(vid, pid, serial, group, dry_run=False):
    rule = RULE_TEMPLATE.format(vid=vid, pid=pid, serial=serial, group=group)
    if RULES_PATH.exists() and RULES_PATH.read_text() == rule:
        log.info("udev rule already current")
        return False
    if dry_run:
        print(f"would write {RULES_PATH}:\n{rule}")
        return False
    run_privileged(["tee", str(RULES_PATH)], stdin=rule)
    run_privileged(["chmod", "0644", str(RULES_PATH)])
    run_privileged(["udevadm", "control", "--reload-rules"])
    run_privileged(["udevadm", "trigger", "--subsystem-match=tty"])
    log.info("installed %s", RULES_PATH)
    return True


def ensure_membership(group, dry_run=False):
    user = getpass.getuser()
    members = grp.getgrnam(group).gr_mem
    if user in members:
        return False
    if dry_run:
        print(f"would add {user} to {group}")
        return False
    run_privileged(["usermod", "-aG", group, user])
    log.warning("added %s to %s - log out and back in for it to apply", user, group)
    return True


def test_read(node="/dev/loadcell0", timeout=5.0):
    import serial  # pyserial
    deadline = time.time() + timeout
    while not Path(node).exists() and time.time() < deadline:
        time.sleep(0.2)
    with serial.Serial(node, 9600, timeout=2) as port:
        port.write(b"R\r\n")
        line = port.readline().decode(errors="replace").strip()
    log.info("load cell replied: %r", line)
    return bool(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-test", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if shutil.which("udevadm") is None:
        log.error("udevadm not found - is this a systemd/udev system?")
        return 1
    found = find_adapter()
    if not found:
        log.error("no supported USB-serial adapter found; plug it in and retry")
        return 1
    vid, pid, serial_no, _node = found
    group = serial_group()
    try:
        install_rule(vid, pid, serial_no, group, args.dry_run)
        ensure_membership(group, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("%s failed: %s", exc.cmd, exc.stderr.strip())
        return 1
    if not (args.dry_run or args.skip_test):
        try:
            test_read()
        except Exception as exc:  # noqa: BLE001
            log.warning("test read failed: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
