#!/usr/bin/env python3
"""Re-enumerate a wedged 3D printer's USB serial link.

When an Ender's CH340 or a Prusa's USB CDC port stops answering, OctoPrint
sits in "Connecting" until someone walks over and replugs the cable.  This
does the same from software: it finds the printer's USB device, toggles its
authorization so the kernel drops and re-probes it, and falls back to a
USBDEVFS_RESET on the device node if that is not enough.

Printers can be named in printers.json: {"ender-3": "1-1.3", "mk3s-02": "ttyACM1"}
"""

import argparse
import fcntl
import json
import logging
import os
import sys
import time
from pathlib import Path

LOG = logging.getLogger("usb-reset")

USB_ROOT = Path("/sys/bus/usb/devices")
USBDEVFS_RESET = (ord("U") << 8) | 20

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


def scan():
    devices = []
    for dev in sorted(USB_ROOT.iterdir()):
        if ":" in dev.name or dev.name.startswith("usb"):
            continue
        vid, pid = read_attr(dev, "idVendor"), read_attr(dev, "idProduct")
        if (vid, pid) not in KNOWN:
            continue
        devices.append({"busid": dev.name, "path": dev, "vid": vid, "pid": pid,
                        "model": KNOWN[(vid, pid)], "tty": tty_of(dev),
                        "busnum": read_attr(dev, "busnum"), "devnum": read_attr(dev, "devnum")})
    return devices


def select(devices, target, aliases):
    wanted = aliases.get(target, target)
    for d in devices:
        if wanted in (d["busid"], d["tty"]):
            return d
    return None


def reauthorize(dev, pause):
    auth = dev["path"] / "authorized"
    LOG.info("deauthorizing %s (%s)", dev["busid"], dev["model"])
    auth.write_text("0\n")
    time.sleep(pause)
    auth.write_text("1\n")


def usbdevfs_reset(dev):
    node = f"/dev/bus/usb/{int(dev['busnum']):03d}/{int(dev['devnum']):03d}"
    LOG.info("issuing USBDEVFS_RESET on %s", node)
    fd = os.open(node, os.O_WRONLY)
    try:
        fcntl.ioctl(fd, USBDEVFS_RESET, 0)
    finally:
        os.close(fd)


def wait_for_tty(busid, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        tty = tty_of(USB_ROOT / busid)
        if tty and Path("/dev", tty).exists():
            return tty
        time.sleep(0.25)
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description="Reset a 3D printer's USB serial link")
    ap.add_argument("printer", nargs="?", help="alias, bus id (1-1.3) or tty name")
    ap.add_argument("--aliases", default="printers.json")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--pause", type=float, default=1.5)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    aliases = {}
    if Path(args.aliases).exists():
        aliases = json.loads(Path(args.aliases).read_text())

    devices = scan()
    if args.list or not args.printer:
        for d in devices:
            print(f"{d['busid']:<10} {d['vid']}:{d['pid']}  {d['tty'] or '-':<8} {d['model']}")
        return 0

    dev = select(devices, args.printer, aliases)
    if dev is None:
        LOG.error("no printer matching %r (try --list)", args.printer)
        return 1

    try:
        reauthorize(dev, args.pause)
        tty = wait_for_tty(dev["busid"], args.timeout)
        if not tty:
            LOG.warning("no tty after re-authorizing, trying a port reset")
            usbdevfs_reset(dev)
            tty = wait_for_tty(dev["busid"], args.timeout)
    except PermissionError as exc:
        LOG.error("permission denied: %s (run from the printer-admin account)", exc)
        return 1
    if not tty:
        LOG.error("%s did not come back; check the cable and printer power", dev["busid"])
        return 1
    LOG.info("%s is back as /dev/%s", dev["model"], tty)
    return 0


if __name__ == "__main__":
    sys.exit(main())
