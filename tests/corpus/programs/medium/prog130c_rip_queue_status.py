#!/usr/bin/env python3
"""rip_queue_status - poll the RIP/CUPS queues and publish a status board.

Polls ``lpstat`` for every configured queue and writes ``queue_status.json``
for the shop-floor dashboard (the wall TV in the print room reads it).

Config (ripstatus.ini):

    [monitor]
    queues = epson_p9570,roland_vg3,hp_latex_570
    interval = 20
    status_file = queue_status.json
    stale_minutes = 30
"""
import argparse
import json
import logging
import socket
import subprocess
import time
from configparser import ConfigParser
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("ripstatus")

DEFAULTS = {
    "queues": "epson_p9570,roland_vg3,hp_latex_570",
    "interval": "20",
    "status_file": "queue_status.json",
    "stale_minutes": "30",
}


def load_config(path):
    cp = ConfigParser()
    cp["monitor"] = DEFAULTS
    if path and Path(path).is_file():
        cp.read(path)
        log.info("loaded %s", path)
    return cp["monitor"]


def parse_lpstat(text):
    """Turn ``lpstat -o`` output into a list of job dicts."""
    jobs = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue
        job_id, owner, size = parts[0], parts[1], parts[2]
        queue, _, seq = job_id.rpartition("-")
        jobs.append({
            "job": job_id,
            "queue": queue,
            "seq": int(seq) if seq.isdigit() else None,
            "owner": owner,
            "bytes": int(size) if size.isdigit() else 0,
            "submitted": " ".join(parts[3:]),
        })
    return jobs


def poll_queue(name):
    try:
        res = subprocess.run(["lpstat", "-o", name], capture_output=True,
                             text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("lpstat failed for %s: %s", name, exc)
        return {"queue": name, "state": "unknown", "jobs": []}
    state = "idle"
    jobs = parse_lpstat(res.stdout)
    if jobs:
        state = "printing" if len(jobs) == 1 else "backlog"
    if res.returncode != 0:
        state = "error"
    return {"queue": name, "state": state, "jobs": jobs}


class StaleTracker:
    """Remember how long each queue has had the same head job."""

    def __init__(self, minutes):
        self.limit = minutes * 60
        self._heads = {}

    def check(self, snap):
        now = time.monotonic()
        head = snap["jobs"][0]["job"] if snap["jobs"] else None
        prev = self._heads.get(snap["queue"])
        if head is None:
            self._heads.pop(snap["queue"], None)
            return False
        if prev is None or prev[0] != head:
            self._heads[snap["queue"]] = (head, now)
            return False
        return now - prev[1] > self.limit


def write_status(path, queues):
    payload = {
        "generated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "host": socket.gethostname(),
        "queues": queues,
    }
    tmp = Path(path).with_suffix(".part")
    tmp.write_text(json.dumps(payload, indent=2))
    tmp.replace(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="ripstatus.ini")
    ap.add_argument("--once", action="store_true",
                    help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    queues = [q.strip() for q in cfg["queues"].split(",") if q.strip()]
    interval = cfg.getint("interval")
    stale = StaleTracker(cfg.getint("stale_minutes"))

    try:
        while True:
            snapshot = [poll_queue(q) for q in queues]
            for snap in snapshot:
                snap["stuck"] = stale.check(snap)
                if snap["stuck"]:
                    log.warning("queue %s looks stuck on %s", snap["queue"],
                                snap["jobs"][0]["job"])
            write_status(cfg["status_file"], snapshot)
            busy = sum(len(q["jobs"]) for q in snapshot)
            log.info("%d queues, %d jobs pending", len(snapshot), busy)
            if args.once:
                break
            time.sleep(interval)
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
