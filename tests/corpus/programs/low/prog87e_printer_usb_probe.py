#!/usr/bin/env python3
"""List the 3D printers attached to this OctoPrint host.

Walks the USB device tree, recognises the serial chips and boards our
printers use, and shows which /dev/tty each one got, whether the current
user can open it, and which alias from printers.json it matches.  Handy
when the Pi has been rebooted and the ttyACM numbers have shuffled.

Printers can be named in printers.json: {"ender-3": "1-1.3", "mk3s-02": "ttyACM1"}
"""

import argparse
import json
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("usb-probe")

USB_ROOT = Path("/sys/bus/usb/devices")

KNOWN = {
    ("2c99", "0002"): "Prusa MK3/MK3S",
    ("2c99", "000d"): "Prusa MK4",
    ("1a86", "7523"): "CH340 (Creality/Ender)",
    ("10c4", "ea60"): "CP210x (Anycubic/Artillery)",
    ("0483", "5740"): "STM32 VCP",
    ("1d50", "614e"): "Klipper MCU",
    ("2341", "0042"): "Arduino Mega (RAMPS)",
}


def read_attr(dev, name):
    try:
        return (dev / name).read_text().strip()
    except OSError:
        return None


def tty_of(dev):
    for pattern in ("*:*/tty*", "*:*/tty/tty*"):
        for path in dev.glob(pattern):
            if path.name.startswith(("ttyUSB", "ttyACM")):
                return path.name
    return None


def scan(include_unknown=False):
    devices = []
    for dev in sorted(USB_ROOT.iterdir()):
        if ":" in dev.name or dev.name.startswith("usb"):
            continue
        vid, pid = read_attr(dev, "idVendor"), read_attr(dev, "idProduct")
        model = KNOWN.get((vid, pid))
        if model is None and not include_unknown:
            continue
        tty = tty_of(dev)
        devices.append({
            "busid": dev.name, "vid": vid, "pid": pid,
            "model": model or read_attr(dev, "product") or "unknown",
            "serial": read_attr(dev, "serial"),
            "speed": read_attr(dev, "speed"),
            "tty": tty,
            "accessible": bool(tty) and os.access(f"/dev/{tty}", os.R_OK | os.W_OK),
        })
    return devices


def attach_aliases(devices, aliases):
    reverse = {v: k for k, v in aliases.items()}
    for d in devices:
        d["alias"] = reverse.get(d["busid"]) or reverse.get(d["tty"] or "") or ""
    missing = [name for name, ref in aliases.items()
               if not any(ref in (d["busid"], d["tty"]) for d in devices)]
    return missing


def print_table(devices):
    header = f"{'ALIAS':<10} {'BUS':<9} {'VID:PID':<10} {'TTY':<8} {'RW':<3} {'SPEED':>6}  MODEL"
    print(header)
    print("-" * len(header))
    for d in devices:
        print(f"{d['alias'] or '-':<10} {d['busid']:<9} {d['vid']}:{d['pid']:<5} "
              f"{d['tty'] or '-':<8} {'yes' if d['accessible'] else 'no':<3} "
              f"{d['speed'] or '?':>6}  {d['model']}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="List attached 3D printers")
    ap.add_argument("--aliases", default="printers.json")
    ap.add_argument("--all", action="store_true", help="include unrecognised USB devices")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    aliases = {}
    if Path(args.aliases).exists():
        try:
            aliases = json.loads(Path(args.aliases).read_text())
        except ValueError as exc:
            LOG.error("cannot parse %s: %s", args.aliases, exc)
            return 2

    if not USB_ROOT.is_dir():
        LOG.error("%s not available on this system", USB_ROOT)
        return 1

    devices = scan(args.all)
    missing = attach_aliases(devices, aliases)
    if args.json:
        json.dump({"devices": devices, "missing": missing}, sys.stdout, indent=2)
        print()
    else:
        print_table(devices)
        for name in missing:
            LOG.warning("printer %s (%s) is not connected", name, aliases[name])
        for d in devices:
            if d["tty"] and not d["accessible"]:
                LOG.warning("/dev/%s is not writable by this user; is it in the dialout group?",
                            d["tty"])
    return 0 if not missing else 3


if __name__ == "__main__":
    sys.exit(main())
