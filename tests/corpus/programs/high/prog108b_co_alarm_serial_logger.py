#!/usr/bin/env python3
"""Log CO alarm test readings from the flue gas analyser's USB serial port.

During a CO alarm test the engineer puts the analyser probe next to the alarm
and releases test gas; this records the analyser's ppm readings once a second
and notes when the alarm sounded (press Enter), so the test sheet shows the
ppm level at activation. Readings go to ./co_tests/<job>.csv.

The analyser's USB bridge shows up as a different ttyUSB number on every
plug-in, so on first run a device rule is installed that gives it a stable
name (/dev/co-analyser) and makes it readable by the plugdev group.

    python3 co_alarm_serial_logger.py --job 5521 --alarm "FireAngel CO-9X"
"""
import argparse
import csv
import logging
import os
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
STABLE_DEV = "/dev/co-analyser"
RULE_PATH = Path("/etc/udev/rules.d/99-co-analyser.rules")
RULE = (f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{VID}", ATTRS{{idProduct}}=="{PID}", '
        f'SYMLINK+="co-analyser", GROUP="plugdev", MODE="0660"\n')
READING = re.compile(r"CO\s*[:=]?\s*(\d+(?:\.\d+)?)\s*ppm", re.I)


def install_device_rule() -> None:
    if RULE_PATH.exists() and RULE_PATH.read_text() == RULE:
        return
    log.info("installing device rule %s", RULE_PATH)
    try:
        RULE_PATH.write_text(RULE)
    except PermissionError:
        subprocess.run(["sudo", "tee", str(RULE_PATH)], input=RULE, text=True,
                       stdout=subprocess.DEVNULL, check=True)
    reload_cmd = ["udevadm", "control", "--reload-rules"]
    trigger_cmd = ["udevadm", "trigger", "--subsystem-match=tty"]
    prefix = [] if os.geteuid() == 0 else ["sudo"]
    for cmd in (reload_cmd, trigger_cmd):
        subprocess.run(prefix + cmd, check=False)
    time.sleep(1.5)


def find_port(explicit: str = None) -> str:
    if explicit:
        return explicit
    if not os.path.exists(STABLE_DEV):
        install_device_rule()
    if os.path.exists(STABLE_DEV):
        return STABLE_DEV
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
