#!/usr/bin/env python3
"""Prepare the RS-485 link settings for the central irrigation controller.

The pump-house PC talks to the irrigation satellites through an FTDI USB
RS-485 adapter. The ttyUSB number changes every time the adapter is replugged,
so this finds the adapter by vendor/product/serial, generates a udev rule that
gives it a stable /dev/irrigation0 name for IT to review and install, and
writes the controller config for the scheduling service.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("irrigation-rulegen")

USB_ROOT = Path("/sys/bus/usb/devices")
KNOWN_ADAPTERS = {
    ("0403", "6001"): "FTDI FT232R",
    ("0403", "6015"): "FTDI FT-X",
    ("1a86", "7523"): "CH340",
}
RULE_NAME = "99-irrigation-controller.rules"
LINK_NAME = "irrigation0"


def _attr(dev, name):
    try:
        return (dev / name).read_text().strip()
    except OSError:
        return ""


def find_adapters():
    found = []
    if not USB_ROOT.exists():
        return found
    for dev in sorted(USB_ROOT.iterdir()):
        key = (_attr(dev, "idVendor"), _attr(dev, "idProduct"))
        if key in KNOWN_ADAPTERS:
            found.append({
                "vendor": key[0],
                "product": key[1],
                "serial": _attr(dev, "serial"),
                "model": KNOWN_ADAPTERS[key],
                "sysfs": str(dev),
            })
    return found


def render_rule(adapter, group):
    match = [
        'SUBSYSTEM=="tty"',
        f'ATTRS{{idVendor}}=="{adapter["vendor"]}"',
        f'ATTRS{{idProduct}}=="{adapter["product"]}"',
    ]
    if adapter["serial"]:
        match.append(f'ATTRS{{serial}}=="{adapter["serial"]}"')
    actions = [f'SYMLINK+="{LINK_NAME}"', f'GROUP="{group}"', 'MODE="0660"']
    return "# irrigation RS-485 adapter ({})\n{}\n".format(
        adapter["model"], ", ".join(match + actions))


def write_rule(out_dir, rule_text):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    target = out / RULE_NAME
    target.write_text(rule_text)
    log.info("wrote %s", target)
    return target


def write_controller_config(path, baud, address):
    cfg = {
        "port": f"/dev/{LINK_NAME}",
        "baudrate": baud,
        "bytesize": 8,
        "parity": "N",
        "stopbits": 1,
        "modbus_address": address,
        "poll_seconds": 30,
    }
    Path(path).write_text(json.dumps(cfg, indent=2) + "\n")
    log.info("wrote controller config to %s", path)


def print_install_notes(rule_file, group, user):
    print()
    print("Hand the generated rule to IT for installation:")
    print(f"  file:  {rule_file}")
    print(f"  group: {group} (user {user} must be a member)")
    print(f"  after install the adapter appears as /dev/{LINK_NAME}")


def main():
    ap = argparse.ArgumentParser(description="Generate irrigation RS-485 adapter settings")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--user", default=os.environ.get("USER", "irrigation"))
    ap.add_argument("--baud", type=int, default=19200)
    ap.add_argument("--address", type=int, default=1, help="Modbus address of the central unit")
    ap.add_argument("--config", default="irrigation.json")
    ap.add_argument("--out-dir", default="generated")
    ap.add_argument("--serial", help="pick the adapter with this serial when several are plugged in")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    adapters = find_adapters()
    if args.serial:
        adapters = [a for a in adapters if a["serial"] == args.serial]
    if not adapters:
        log.error("no supported RS-485 adapter found; is it plugged in?")
        return 1
    if len(adapters) > 1:
        log.error("several adapters found, pass --serial: %s", ", ".join(a["serial"] or "?" for a in adapters))
        return 1
    adapter = adapters[0]
    log.info("using %s serial=%s at %s", adapter["model"], adapter["serial"] or "-", adapter["sysfs"])

    try:
        rule_file = write_rule(args.out_dir, render_rule(adapter, args.group))
        write_controller_config(args.config, args.baud, args.address)
    except OSError as exc:
        log.error("could not write output: %s", exc)
        return 2
    print_install_notes(rule_file, args.group, args.user)
    return 0


if __name__ == "__main__":
    sys.exit(main())
