#!/usr/bin/env python3
"""DTG printer queue monitor.

Watches a hot folder for print-ready artwork (PNG/PDF exported by the mockup
pipeline), submits each file to the CUPS queue of the direct-to-garment
printer, moves it to ``done/`` or ``failed/`` and periodically logs how many
jobs are waiting on the printer so the floor lead can spot a jam.
"""
import argparse
import json
import logging
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("dtg-monitor")

DEFAULT_CONFIG = {
    "printer": "Epson_F2100",
    "hot_folder": "./hotfolder",
    "poll_seconds": 5,
    "status_every": 12,
    "media": "Custom.14x16in",
    "backlog_warn": 25,
}
ACCEPTED = {".png", ".pdf", ".tif", ".tiff"}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def queue_depth(printer):
    """Number of jobs CUPS still holds for ``printer`` (via lpstat)."""
    res = subprocess.run(["lpstat", "-o", printer], capture_output=True, text=True, timeout=20)
    if res.returncode != 0:
        log.warning("lpstat: %s", res.stderr.strip())
        return -1
    return sum(1 for line in res.stdout.splitlines() if line.strip())


class QueueMonitor:
    def __init__(self, cfg):
        self.cfg = cfg
        self.hot = Path(cfg["hot_folder"]).resolve()
        self.done = self.hot / "done"
        self.failed = self.hot / "failed"
        for d in (self.hot, self.done, self.failed):
            d.mkdir(parents=True, exist_ok=True)
        self.ticks = 0

    def pending(self):
        for p in sorted(self.hot.iterdir()):
            if p.is_file() and p.suffix.lower() in ACCEPTED:
                # skip files still being written by the exporter
                if time.time() - p.stat().st_mtime > 2:
                    yield p

    def submit(self, path):
        cmd = ["lp", "-d", self.cfg["printer"], "-o", "media=" + self.cfg["media"],
               "-t", path.stem, str(path)]
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or "lp failed")
        return res.stdout.strip()

    def process_once(self):
        count = 0
        for job in self.pending():
            try:
                ref = self.submit(job)
                shutil.move(str(job), self.done / job.name)
                log.info("queued %s -> %s", job.name, ref)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                shutil.move(str(job), self.failed / job.name)
                log.error("could not queue %s: %s", job.name, exc)
            count += 1
        return count

    def report(self):
        depth = queue_depth(self.cfg["printer"])
        if depth < 0:
            return
        level = logging.WARNING if depth >= self.cfg["backlog_warn"] else logging.INFO
        log.log(level, "%s has %d job(s) waiting", self.cfg["printer"], depth)

    def loop(self):
        log.info("watching %s for %s", self.hot, self.cfg["printer"])
        while True:
            self.process_once()
            self.ticks += 1
            if self.ticks % self.cfg["status_every"] == 0:
                self.report()
            time.sleep(self.cfg["poll_seconds"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="dtg_agent.json")
    ap.add_argument("--once", action="store_true", help="process the folder once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    monitor = QueueMonitor(load_config(args.config))

    if args.once:
        n = monitor.process_once()
        monitor.report()
        log.info("processed %d file(s)", n)
        return
    try:
        monitor.loop()
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
