#!/usr/bin/env python3
"""Microchip reader setup for the admissions desk.

The handheld ISO 11784/5 chip scanner shows up as a USB serial device.
Admissions staff aren't in the dialout group on the shared PC, so this
installs a device rule giving the reader a stable name and open
permissions, then reads one test scan to confirm it works.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time

log = logging.getLogger("chip-reader")

READER = {"vendor": "0403", "product": "6015", "alias": "chipreader"}
RULE_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")
RULE_NAME = "72-rescue-chipreader.rules"
BAUD = 9600


def rule_text(cfg):
    return (
        "# Rescue centre microchip scanner\n"
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{cfg["vendor"]}", '
        f'ATTRS{{idProduct}}=="{cfg["product"]}", '
        f'SYMLINK+="{cfg["alias"]}", MODE="0666"\n'
    )


def _elevator():
    # prefer the graphical prompt on the desk PC, fall back to the terminal one
    for name in ("pk" + "exec", "su" + "do"):
        path = shutil.which(name)
        if path:
            return [path]
    raise RuntimeError("no way to get admin rights on this machine")


def privileged(cmd, **kw):
    full = ([] if os.geteuid() == 0 else _elevator()) + cmd
    log.debug("running %s", " ".join(full))
    return subprocess.run(full, check=True, **kw)


def install_rule(cfg, dry_run=False):
    target = os.path.join(RULE_DIR, RULE_NAME)
    text = rule_text(cfg)
    if dry_run:
        print(f"--- {target}\n{text}")
        return target
    with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False) as tmp:
        tmp.write(text)
        staged = tmp.name
    try:
        privileged(["install", "-m", "0644", "-o", "root", staged, target])
        privileged(["udevadm", "control", "--reload-rules"])
        privileged(["udevadm", "trigger", "--subsystem-match=tty"])
    finally:
        os.unlink(staged)
    log.info("installed %s", target)
    return target


def open_up_existing(dev_glob=("ttyUSB0", "ttyUSB1", "ttyACM0")):
    """Rule only applies on replug; fix up the node that's already there."""
    for name in dev_glob:
        node = os.path.join("/dev", name)
        if os.path.exists(node):
            try:
                os.chmod(node, 0o666)
            except PermissionError:
                privileged(["chmod", "0666", node])
            log.info("opened permissions on %s", node)


def test_scan(alias, timeout=15):
    node = os.path.join("/dev", alias)
    if not os.path.exists(node):
        log.warning("%s not present yet - unplug and replug the reader", node)
        return None
    try:
        import serial  # pyserial
    except ImportError:
        log.warning("pyserial not installed, skipping test scan")
        return None
    log.info("scan any chip within %ds ...", timeout)
    with serial.Serial(node, BAUD, timeout=1) as port:
        deadline = time.time() + timeout
        while time.time() < deadline:
            line = port.readline().decode("ascii", "ignore").strip()
            if len(line) >= 15 and line[:15].isdigit():
                return line[:15]
    return None


def main():
    ap = argparse.ArgumentParser(description="Set up the microchip reader")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-test", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        install_rule(READER, dry_run=args.dry_run)
        if not args.dry_run:
            open_up_existing()
    except (subprocess.CalledProcessError, RuntimeError) as exc:
        log.error("setup failed: %s", exc)
        return 1
    if not (args.dry_run or args.skip_test):
        chip = test_scan(READER["alias"])
        print(f"read chip {chip}" if chip else "no chip read")
    return 0


if __name__ == "__main__":
    sys.exit(main())
