#!/usr/bin/env python3
"""Weigh clay bags on the USB postal scale and record them in clay_stock.csv.

Works with the Dymo M10/M25 style HID scales the studio uses for stocktake:
put a bag of clay on the scale, pick the clay body, press Enter, and the
stable weight is appended to the stock sheet.

    ./clay_scale_reader.py --body "Grogged stoneware" --bags 6
"""
import argparse
import csv
import errno
import logging
import os
import stat
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("clay-scale")

KNOWN_SCALES = {("0922", "8003"): "Dymo M25", ("0922", "8004"): "Dymo M10",
                ("1446", "6a73"): "Stamps.com"}
UNITS = {2: "g", 3: "kg", 11: "oz", 12: "lb"}


def find_scale():
    """Return (/dev/hidrawN, model) for the first known scale."""
    for node in sorted(Path("/sys/class/hidraw").glob("hidraw*")):
        uevent = node / "device" / "uevent"
        try:
            text = uevent.read_text()
        except OSError:
            continue
        for line in text.splitlines():
            if line.startswith("HID_ID="):
                _, vid, pid = line.split("=", 1)[1].split(":")
                key = (vid[-4:].lower(), pid[-4:].lower())
                if key in KNOWN_SCALES:
                    return "/dev/" + node.name, KNOWN_SCALES[key]
    return None, None


class ScaleDevice:
    def __init__(self, path):
        self.path = path
        self.fd = None

    def _make_readable(self):
        # Fresh Pis ship hidraw nodes as root-only; open them up for the
        # stocktake session so the volunteer does not need a terminal.
        mode = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
        try:
            os.chmod(self.path, mode)
            return
        except PermissionError:
            pass
        log.info("asking for permission to use %s", self.path)
        subprocess.run(["pkexec", "chmod", "%o" % mode, self.path], check=True, timeout=120)

    def open(self):
        for attempt in range(2):
            try:
                self.fd = os.open(self.path, os.O_RDONLY)
                return self
            except OSError as exc:
                if exc.errno != errno.EACCES or attempt:
                    raise
                self._make_readable()
        return self

    def read_weight(self):
        data = os.read(self.fd, 6)
        if len(data) < 6:
            return None
        _, status, unit, exp, lo, hi = data
        if status != 4:      # 4 == stable positive weight
            return None
        raw = lo + (hi << 8)
        exp = exp - 256 if exp > 127 else exp
        value = raw * (10 ** exp)
        unit_s = UNITS.get(unit, "?")
        if unit_s == "g":
            value /= 1000.0
        elif unit_s == "oz":
            value *= 0.0283495
        elif unit_s == "lb":
            value *= 0.453592
        return round(value, 3)

    def stable_weight(self, samples=5, timeout=10):
        seen, start = [], time.time()
        while time.time() - start < timeout:
            w = self.read_weight()
            if w is None:
                seen.clear()
                continue
            seen.append(w)
            if len(seen) >= samples and max(seen[-samples:]) - min(seen[-samples:]) < 0.01:
                return seen[-1]
        return None

    def close(self):
        if self.fd is not None:
            os.close(self.fd)


def record(sheet, body, kg):
    new = not Path(sheet).exists()
    with open(sheet, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", "clay_body", "kg"])
        w.writerow([datetime.now().isoformat(timespec="seconds"), body, "%.3f" % kg])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Weigh clay stock on a USB scale")
    ap.add_argument("--body", required=True, help="clay body name, e.g. 'B-Mix 5'")
    ap.add_argument("--bags", type=int, default=1)
    ap.add_argument("--sheet", default="clay_stock.csv")
    ap.add_argument("--device", help="override /dev/hidrawN")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    path, model = (args.device, "manual") if args.device else find_scale()
    if not path:
        log.error("no supported USB scale found")
        return 1
    log.info("using %s on %s", model, path)
    scale = ScaleDevice(path)
    try:
        scale.open()
        total = 0.0
        for n in range(1, args.bags + 1):
            input("Bag %d/%d of %s on the scale, then Enter... " % (n, args.bags, args.body))
            kg = scale.stable_weight()
            if kg is None:
                log.warning("no stable reading, skipped")
                continue
            record(args.sheet, args.body, kg)
            total += kg
            log.info("  %.2f kg", kg)
        log.info("recorded %.2f kg of %s", total, args.body)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("scale error: %s", exc)
        return 1
    finally:
        scale.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
