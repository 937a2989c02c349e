#!/usr/bin/env python3
"""
autoclave_usb_serial_setup - get the autoclave's USB printer port talking to
the studio PC so cycle printouts can be captured as text instead of thermal
paper.

Steps:
  1. find the USB-serial adapter the autoclave is plugged into (FTDI/CP210x)
  2. give it a stable /dev/autoclave symlink with group access
  3. make sure the current user can open it
  4. read one test line at the configured baud rate
"""
import argparse
import getpass
import glob
import logging
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("autoclave_setup")

RULES_PATH = "/etc/udev/rules.d/70-studio-autoclave.rules"
KNOWN_ADAPTERS = {
    ("0403", "6001"): "FTDI FT232R",
    ("10c4", "ea60"): "CP210x",
    ("067b", "2303"): "Prolific PL2303",
}


def sysfs_adapters():
    for dev in glob.glob("/sys/bus/usb/devices/*"):
        try:
            vid = Path(dev, "idVendor").read_text().strip()
            pid = Path(dev, "idProduct").read_text().strip()
        except OSError:
            continue
        if (vid, pid) in KNOWN_ADAPTERS:
            serial = Path(dev, "serial")
            yield vid, pid, serial.read_text().strip() if serial.exists() else None


def rule_text(vid, pid, serial, group):
    match = f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}"'
    if serial:
        match += f', ATTRS{{serial}}=="{serial}"'
    return f'# autoclave printer port\n{match}, SYMLINK+="autoclave", GROUP="{group}", MODE="0660"\n'


def elevated(cmd, stdin_text=None):
    full = ["sudo", "--"] + cmd
    log.debug("running %s", shlex.join(full))
    return subprocess.run(full, input=stdin_text, text=True, check=True,
                          capture_output=True)


def install_rule(text):
    current = Path(RULES_PATH).read_text() if os.path.exists(RULES_PATH) else ""
    if current == text:
        log.info("udev rule already current")
        return False
    elevated(["tee", RULES_PATH], stdin_text=text)
    elevated(["udevadm", "control", "--reload-rules"])
    elevated(["udevadm", "trigger", "--subsystem-match=tty"])
    log.info("installed %s", RULES_PATH)
    return True


def ensure_group(user, group):
    out = subprocess.run(["id", "-nG", user], capture_output=True, text=True).stdout.split()
    if group in out:
        return False
    elevated(["usermod", "-aG", group, user])
    log.warning("added %s to %s - log out and back in for it to apply", user, group)
    return True


def test_read(baud, wait):
    try:
        import serial  # pyserial
    except ImportError:
        log.warning("pyserial not installed; skipping read test")
        return
    deadline = time.time() + wait
    while not os.path.exists("/dev/autoclave") and time.time() < deadline:
        time.sleep(0.5)
    with serial.Serial("/dev/autoclave", baudrate=baud, timeout=10) as port:
        line = port.readline().decode("ascii", errors="replace").strip()
        log.info("autoclave said: %r", line or "(nothing yet - start a cycle)")


def main():
    ap = argparse.ArgumentParser(description="set up the autoclave USB serial port")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--skip-test", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    found = list(sysfs_adapters())
    if not found:
        log.error("no known USB-serial adapter found; is the autoclave cable plugged in?")
        return 1
    vid, pid, serial_no = found[0]
    log.info("using %s (%s:%s, serial %s)", KNOWN_ADAPTERS[(vid, pid)], vid, pid, serial_no)

    try:
        install_rule(rule_text(vid, pid, serial_no, args.group))
        ensure_group(getpass.getuser(), args.group)
    except subprocess.CalledProcessError as exc:
        log.error("setup step failed: %s\n%s", shlex.join(exc.cmd), exc.stderr)
        return 2

    if not args.skip_test:
        test_read(args.baud, wait=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
