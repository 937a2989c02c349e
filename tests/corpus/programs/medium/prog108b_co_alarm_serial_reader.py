#!/usr/bin/env python3
"""Log CO alarm test readings from the flue gas analyser's USB serial port.

During a CO alarm test the engineer puts the analyser probe next to the alarm
and releases test gas; this records the analyser's ppm readings once a second
and notes when the alarm sounded (press Enter), so the test sheet shows the
ppm level at activation. Readings go to ./co_tests/<job>.csv.

The analyser's USB bridge shows up as a different ttyUSB number on every
plug-in, so the port is found by asking udev which tty belongs to the
analyser's vendor/product ID. A device rule for a stable name is written to
./udev/ for whoever looks after the tablets to install.

    python3 co_alarm_serial_reader.py --job 5521 --alarm "FireAngel CO-9X"
"""
import argparse
import csv
import glob
import logging
import re
import subprocess
import sys
import threading
import time
from datetime import datetime
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("co-logger")

VID, PID = "10c4", "ea60"     # CP210x bridge in the analyser
RULE_OUT = Path("udev/99-co-analyser.rules")
RULE = (f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{VID}", ATTRS{{idProduct}}=="{PID}", '
        f'SYMLINK+="co-analyser", GROUP="plugdev", MODE="0660"\n')
READING = re.compile(r"CO\s*[:=]?\s*(\d+(?:\.\d+)?)\s*ppm", re.I)


def write_rule_for_admin() -> None:
    if RULE_OUT.exists():
        return
    RULE_OUT.parent.mkdir(exist_ok=True)
    RULE_OUT.write_text(RULE)
    log.info("device rule written to %s - pass it to IT for a stable port name", RULE_OUT)


def udev_props(dev: str) -> dict:
    try:
        out = subprocess.run(["udevadm", "info", "--query=property", f"--name={dev}"],
                             capture_output=True, text=True, timeout=5, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return {}
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def find_port(explicit: str = None) -> str:
    if explicit:
        return explicit
    if Path("/dev/co-analyser").exists():
        return "/dev/co-analyser"
    write_rule_for_admin()
    for dev in sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")):
        props = udev_props(dev)
        if props.get("ID_VENDOR_ID") == VID and props.get("ID_MODEL_ID") == PID:
            log.info("analyser found on %s", dev)
            return dev
    raise SystemExit("analyser not found; is it plugged in and switched on?")


class AlarmMarker(threading.Thread):
    """Waits for Enter on the keyboard and timestamps the alarm activation."""

    def __init__(self):
        super().__init__(daemon=True)
        self.when = None

    def run(self):
        try:
            input("Press Enter when the alarm sounds...\n")
            self.when = datetime.now()
        except EOFError:
            pass


def record(port: str, job: str, alarm: str, duration: int, outdir: Path) -> Path:
    outdir.mkdir(exist_ok=True)
    out = outdir / f"{job}.csv"
    marker = AlarmMarker()
    marker.start()
    peak, at_alarm = 0.0, None
    with serial.Serial(port, 9600, timeout=2) as ser, out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["job", job, "alarm", alarm])
        w.writerow(["time", "co_ppm", "alarm_sounded"])
        end = time.monotonic() + duration
        while time.monotonic() < end:
            line = ser.readline().decode("ascii", "replace")
            m = READING.search(line)
            if not m:
                continue
            ppm = float(m.group(1))
            peak = max(peak, ppm)
            sounded = marker.when is not None
            if sounded and at_alarm is None:
                at_alarm = ppm
                log.info("alarm activated at %.0f ppm", ppm)
            w.writerow([datetime.now().strftime("%H:%M:%S"), ppm, int(sounded)])
    log.info("peak %.0f ppm; alarm %s", peak,
             f"sounded at {at_alarm:.0f} ppm" if at_alarm is not None else "DID NOT SOUND")
    return out


def main():
    ap = argparse.ArgumentParser(description="CO alarm test logger")
    ap.add_argument("--job", required=True)
    ap.add_argument("--alarm", required=True, help="alarm make/model")
    ap.add_argument("--port", help="serial device (default: auto-detect)")
    ap.add_argument("--duration", type=int, default=180, help="seconds to record")
    ap.add_argument("--out", type=Path, default=Path("co_tests"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        port = find_port(args.port)
        path = record(port, args.job, args.alarm, args.duration, args.out)
    except serial.SerialException as exc:
        log.error("serial error: %s", exc)
        return 1
    log.info("readings saved to %s", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
