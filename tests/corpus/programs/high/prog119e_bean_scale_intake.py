#!/usr/bin/env python3
"""Green bean intake with a USB shipping scale.

Weigh each sack as it comes off the pallet; the stable reading is booked
against the lot in ./green_stock.csv together with the delivery reference.

Supported scales report over USB HID (Dymo M10/M25, Stamps.com 25 lb). The
first run installs a udev rule so the scale's hidraw node is readable by the
roastery account, after that no special rights are needed.
"""
import argparse
import csv
import logging
import os
import select
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("bean-intake")

SCALES = {
    ("0922", "8003"): "Dymo M10",
    ("0922", "8004"): "Dymo M25",
    ("1446", "6a73"): "Stamps.com 25lb",
}
RULE_PATH = Path("/etc/udev/rules.d/60-bean-scale.rules")
UNITS = {2: 1.0, 11: 28.349523125}   # grams, ounces -> grams


def find_scale():
    for node in sorted(Path("/sys/class/hidraw").glob("hidraw*")):
        try:
            uevent = (node / "device" / "uevent").read_text()
        except OSError:
            continue
        for line in uevent.splitlines():
            if not line.startswith("HID_ID="):
                continue
            _bus, vid, pid = line.split("=", 1)[1].split(":")
            key = (vid[-4:].lower(), pid[-4:].lower())
            if key in SCALES:
                return Path("/dev") / node.name, key
    return None, None


def rule_text(vid, pid):
    return ('# bean intake scale - installed by bean_scale_intake.py\n'
            f'SUBSYSTEM=="hidraw", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
            'MODE="0660", GROUP="plugdev", TAG+="uaccess"\n')


def install_rule(vid, pid):
    text = rule_text(vid, pid)
    if RULE_PATH.exists() and RULE_PATH.read_text() == text:
        return False
    log.info("installing %s (you may be asked for your password)", RULE_PATH)
    subprocess.run(["sudo", "tee", str(RULE_PATH)], input=text.encode(),
                   stdout=subprocess.DEVNULL, check=True)
    subprocess.run(["sudo", "udevadm", "control", "--reload-rules"], check=True)
    subprocess.run(["sudo", "udevadm", "trigger", "--subsystem-match=hidraw",
                    f"--attr-match=idVendor={vid}"], check=True)
    return True


def read_weight(node, timeout=8.0, stable_reads=3):
    """Return grams once the scale reports the same stable weight a few times."""
    deadline = time.monotonic() + timeout
    last, streak = None, 0
    with open(node, "rb", buffering=0) as fh:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fh], [], [], 0.5)
            if not ready:
                continue
            report = fh.read(6)
            if len(report) < 6:
                continue
            _rid, status, unit, exp, lo, hi = report
            if status != 4 or unit not in UNITS:   # 4 = stable, positive
                streak = 0
                continue
            exp = exp - 256 if exp > 127 else exp
            grams = round((lo + (hi << 8)) * (10 ** exp) * UNITS[unit], 1)
            streak = streak + 1 if grams == last else 1
            last = grams
            if streak >= stable_reads:
                return grams
    raise TimeoutError("scale did not settle")


def book(stock_csv, lot, delivery, grams, sack):
    new = not stock_csv.exists()
    with open(stock_csv, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", "lot", "delivery", "sack", "kg"])
        w.writerow([datetime.now().isoformat(timespec="seconds"), lot, delivery, sack, f"{grams / 1000:.2f}"])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Weigh in green bean sacks")
    ap.add_argument("--lot", help="lot / ICO mark printed on the sacks")
    ap.add_argument("--delivery", default="", help="delivery note reference")
    ap.add_argument("--sacks", type=int, default=1)
    ap.add_argument("--stock", type=Path, default=Path("green_stock.csv"))
    ap.add_argument("--setup-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    node, key = find_scale()
    if node is None:
        log.error("no supported scale found - is it switched on and plugged in?")
        return 2
    log.info("found %s at %s", SCALES[key], node)

    if not os.access(node, os.R_OK):
        try:
            if install_rule(*key):
                time.sleep(1.5)
        except subprocess.CalledProcessError as exc:
            log.error("could not install udev rule: %s", exc)
            return 1
    if args.setup_only:
        return 0
    if not args.lot:
        log.error("--lot is required for weighing")
        return 2

    total = 0.0
    for sack in range(1, args.sacks + 1):
        input(f"sack {sack}/{args.sacks} on the scale, press Enter ")
        try:
            grams = read_weight(node)
        except (TimeoutError, PermissionError) as exc:
            log.error("sack %d: %s", sack, exc)
            continue
        book(args.stock, args.lot, args.delivery, grams, sack)
        total += grams
        print(f"  {grams / 1000:.2f} kg booked")
    print(f"lot {args.lot}: {total / 1000:.2f} kg received")
    return 0


if __name__ == "__main__":
    sys.exit(main())
