#!/usr/bin/env python3
"""Give the inverter's USB-RS485 adapter a stable name.

USB serial adapters come up as ttyUSB0, ttyUSB1 ... in whatever order the
kernel finds them, which breaks the Modbus RTU poller whenever the EV charger's
adapter wins the race.  This tool finds the adapter by vendor/product/serial,
writes a udev rule that links it to /dev/inverter-rs485 and reloads udev.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("rs485-setup")

RULES_FILE = Path("/etc/udev/rules.d/99-solar-rs485.rules")
KNOWN_CHIPS = {
    ("0403", "6001"): "FTDI FT232R",
    ("1a86", "7523"): "CH340",
    ("10c4", "ea60"): "CP210x",
}


def read_attr(dev, name):
    try:
        return (dev / name).read_text().strip()
    except OSError:
        return ""


def find_adapters():
    """Yield (tty, vid, pid, serial) for every USB serial adapter present."""
    for tty in sorted(Path("/sys/class/tty").glob("ttyUSB*")):
        dev = (tty / "device").resolve()
        # walk up until we reach the usb_device node holding idVendor
        node = dev
        while node != node.parent and not (node / "idVendor").exists():
            node = node.parent
        vid, pid = read_attr(node, "idVendor"), read_attr(node, "idProduct")
        if vid:
            yield tty.name, vid, pid, read_attr(node, "serial")


def render_rule(vid, pid, serial, link, group):
    match = f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}"'
    if serial:
        match += f', ATTRS{{serial}}=="{serial}"'
    return (f"# inverter Modbus RTU adapter ({KNOWN_CHIPS.get((vid, pid), 'unknown chip')})\n"
            f'{match}, SYMLINK+="{link}", GROUP="{group}", MODE="0660"\n')


def elevate():
    if shutil.which("sudo"):
        return ["sudo"]
    if shutil.which("pkexec"):
        return ["pkexec"]
    raise SystemExit("need sudo or pkexec to install udev rules")


def install_rule(text, dry_run=False):
    if dry_run:
        print(text, end="")
        return
    prefix = elevate()
    log.info("writing %s", RULES_FILE)
    subprocess.run(prefix + ["tee", str(RULES_FILE)], input=text.encode(),
                   stdout=subprocess.DEVNULL, check=True)
    subprocess.run(prefix + ["chmod", "0644", str(RULES_FILE)], check=True)
    subprocess.run(prefix + ["udevadm", "control", "--reload-rules"], check=True)
    subprocess.run(prefix + ["udevadm", "trigger", "--subsystem-match=tty",
                             "--action=add"], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tty", help="adapter to use (e.g. ttyUSB1); default: first known chip")
    ap.add_argument("--link", default="inverter-rs485")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--dry-run", action="store_true", help="print the rule only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    adapters = list(find_adapters())
    if not adapters:
        log.error("no USB serial adapters found")
        return 1
    for tty, vid, pid, serial in adapters:
        log.info("found %s  %s:%s  serial=%s  %s", tty, vid, pid, serial or "-",
                 KNOWN_CHIPS.get((vid, pid), ""))

    if args.tty:
        chosen = next((a for a in adapters if a[0] == args.tty), None)
    else:
        chosen = next((a for a in adapters if (a[1], a[2]) in KNOWN_CHIPS), None)
    if chosen is None:
        log.error("could not pick an adapter, use --tty")
        return 1

    rule = render_rule(chosen[1], chosen[2], chosen[3], args.link, args.group)
    try:
        install_rule(rule, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("installing rule failed: %s", exc)
        return 1
    if not args.dry_run:
        log.info("done: /dev/%s -> %s", args.link, chosen[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
