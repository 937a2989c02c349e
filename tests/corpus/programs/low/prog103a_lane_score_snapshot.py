#!/usr/bin/env python3
"""Poll lane scoring controllers and append frame results to a daily CSV.

Each lane pair controller exposes a small JSON status page on the centre LAN.
We poll every few seconds, drop frames we have already seen and write the
rest out for the league secretary's spreadsheet. A tiny on-disk cache keyed
by the response hash lets us skip unchanged lanes quickly.
"""
import argparse
import configparser
import csv
import hashlib
import json
import logging
import socket
import time
import urllib.error
import urllib.request
from datetime import date
from pathlib import Path

log = logging.getLogger("lane_snapshot")

DEFAULTS = {
    "interval": "5",
    "timeout": "4",
    "lanes": "10.20.0.11,10.20.0.12,10.20.0.13,10.20.0.14",
}

FIELDS = ["lane", "bowler", "game", "frame", "ball1", "ball2", "ball3", "total", "seen_at"]


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["poller"] = DEFAULTS
    if path and Path(path).exists():
        cfg.read(path)
        log.info("loaded %s", path)
    return cfg["poller"]


def fetch_lane(host, timeout):
    url = f"http://{host}/api/v1/status"
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = resp.read()
    return hashlib.md5(body).hexdigest(), json.loads(body)


def frames_from(status):
    lane = status.get("lane")
    for bowler in status.get("bowlers", []):
        for fr in bowler.get("frames", []):
            balls = (fr.get("balls") or []) + ["", "", ""]
            yield {
                "lane": lane,
                "bowler": bowler.get("name", "?"),
                "game": bowler.get("game", 1),
                "frame": fr.get("n"),
                "ball1": balls[0],
                "ball2": balls[1],
                "ball3": balls[2],
                "total": fr.get("cumulative"),
            }


class FrameWriter:
    def __init__(self, outdir):
        self.outdir = Path(outdir)
        self.outdir.mkdir(parents=True, exist_ok=True)
        self.seen = set()
        self.last_digest = {}

    @property
    def path(self):
        return self.outdir / f"frames-{date.today():%Y%m%d}.csv"

    def unchanged(self, host, digest):
        if self.last_digest.get(host) == digest:
            return True
        self.last_digest[host] = digest
        return False

    def write(self, rows):
        new = []
        for row in rows:
            key = (row["lane"], row["bowler"], row["game"], row["frame"], row["total"])
            if key in self.seen or row["total"] is None:
                continue
            self.seen.add(key)
            row["seen_at"] = time.strftime("%H:%M:%S")
            new.append(row)
        if not new:
            return 0
        fresh = not self.path.exists()
        with self.path.open("a", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=FIELDS)
            if fresh:
                w.writeheader()
            w.writerows(new)
        return len(new)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="lanes.ini")
    ap.add_argument("-o", "--outdir", default="scores")
    ap.add_argument("--once", action="store_true", help="poll every lane once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    lanes = [h.strip() for h in cfg["lanes"].split(",") if h.strip()]
    interval = float(cfg["interval"])
    timeout = float(cfg["timeout"])

    writer = FrameWriter(args.outdir)
    while True:
        for host in lanes:
            try:
                digest, status = fetch_lane(host, timeout)
                if writer.unchanged(host, digest):
                    log.debug("lane %s unchanged", host)
                    continue
                added = writer.write(frames_from(status))
                if added:
                    log.info("lane %s: %d new frames", host, added)
            except (urllib.error.URLError, socket.timeout, ValueError) as exc:
                log.warning("lane %s: %s", host, exc)
        if args.once:
            break
        time.sleep(interval)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
