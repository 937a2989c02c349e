#!/usr/bin/env python3
"""Lockbox fleet agent.

Runs on the small Linux gateway installed in each property's key room. It
polls the lockbox controller on the property LAN, keeps a local state file
of which key slots are occupied, and exposes a tiny status endpoint that the
on-site staff tablet reads.
"""
import argparse
import json
import logging
import os
import signal
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import requests

LOG = logging.getLogger("lockbox-agent")

DEFAULT_CONFIG = {
    "controller_url": "http://keyroom-ctrl.local/api/v2",
    "status_host": "0.0.0.0",
    "status_port": 8088,
    "poll_interval": 15,
    "state_file": "lockbox_state.json",
    "property_id": None,
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    p = Path(path)
    if p.exists():
        with p.open() as fh:
            cfg.update(json.load(fh))
    else:
        LOG.warning("config %s not found, using defaults", path)
    cfg["property_id"] = cfg.get("property_id") or os.environ.get("PROPERTY_ID", "unassigned")
    return cfg


class SlotState:
    """Lock-guarded holder for the latest controller snapshot."""

    def __init__(self, state_file):
        self._lock = threading.Lock()
        self._path = Path(state_file)
        self._data = {"slots": [], "updated": None, "controller_ok": False}
        if self._path.exists():
            try:
                self._data = json.loads(self._path.read_text())
            except ValueError:
                LOG.error("state file corrupt, starting fresh")

    def update(self, slots, ok):
        with self._lock:
            self._data = {"slots": slots, "updated": time.time(), "controller_ok": ok}
            tmp = self._path.with_suffix(".tmp")
            tmp.write_text(json.dumps(self._data, indent=2))
            tmp.replace(self._path)

    def snapshot(self):
        with self._lock:
            return dict(self._data)


def make_handler(state, property_id):
    class StatusHandler(BaseHTTPRequestHandler):
        def log_message(self, fmt, *args):
            LOG.debug("status %s - " + fmt, self.client_address[0], *args)

        def do_GET(self):
            if self.path not in ("/", "/status"):
                self.send_error(404)
                return
            body = dict(state.snapshot(), property_id=property_id)
            raw = json.dumps(body).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

    return StatusHandler


def poll_controller(cfg, state, stop):
    session = requests.Session()
    url = cfg["controller_url"].rstrip("/") + "/slots"
    while not stop.is_set():
        try:
            resp = session.get(url, timeout=10)
            resp.raise_for_status()
            slots = resp.json().get("slots", [])
            state.update(slots, True)
            LOG.info("controller ok, %d slots, %d occupied",
                     len(slots), sum(1 for s in slots if s.get("occupied")))
        except (requests.RequestException, ValueError) as exc:
            LOG.warning("controller poll failed: %s", exc)
            snap = state.snapshot()
            state.update(snap.get("slots", []), False)
        stop.wait(cfg["poll_interval"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="lockbox_agent.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    state = SlotState(cfg["state_file"])
    stop = threading.Event()

    poller = threading.Thread(target=poll_controller, args=(cfg, state, stop),
                              name="poller", daemon=True)
    poller.start()

    server = ThreadingHTTPServer((cfg["status_host"], cfg["status_port"]),
                                 make_handler(state, cfg["property_id"]))

    def _shutdown(signum, _frame):
        LOG.info("signal %s, shutting down", signum)
        stop.set()
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, _shutdown)
    signal.signal(signal.SIGINT, _shutdown)
    LOG.info("status endpoint on %s:%s", cfg["status_host"], cfg["status_port"])
    server.serve_forever()
    poller.join(timeout=5)


if __name__ == "__main__":
    main()
