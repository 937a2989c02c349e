#!/usr/bin/env python3
"""Plate reader server.

Watches the export folder of the plate reader PC, parses each absorbance /
fluorescence export into a 96- or 384-well JSON record and serves the latest
reads to the scheduling software over a small line-based TCP protocol.
"""
import argparse
import csv
import json
import logging
import socketserver
import threading
import time
from pathlib import Path

import yaml

log = logging.getLogger("plate-server")

DEFAULTS = {
    "export_dir": "exports",
    "listen_host": "0.0.0.0",
    "listen_port": 7810,
    "poll_seconds": 5,
}


class PlateStore:
    def __init__(self):
        self._lock = threading.Lock()
        self._reads = {}

    def put(self, barcode, record):
        with self._lock:
            self._reads[barcode] = record

    def get(self, barcode):
        with self._lock:
            return self._reads.get(barcode)

    def latest(self):
        with self._lock:
            if not self._reads:
                return None
            return max(self._reads.values(), key=lambda r: r["mtime"])


def parse_export(path):
    rows = {}
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        for line in reader:
            if not line or not line[0].strip():
                continue
            row = line[0].strip()
            for col, value in zip(header[1:], line[1:]):
                try:
                    rows[f"{row}{int(col)}"] = float(value)
                except ValueError:
                    continue
    return {"barcode": path.stem.split("_")[0], "wells": rows,
            "file": path.name, "mtime": path.stat().st_mtime}


def watch_exports(store, export_dir, interval):
    seen = set()
    while True:
        for path in sorted(Path(export_dir).glob("*.csv")):
            key = (path.name, path.stat().st_mtime)
            if key in seen:
                continue
            try:
                record = parse_export(path)
                store.put(record["barcode"], record)
                log.info("loaded %s (%d wells)", record["barcode"], len(record["wells"]))
            except (OSError, StopIteration, IndexError) as exc:
                log.warning("could not parse %s: %s", path, exc)
            seen.add(key)
        time.sleep(interval)


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        store = self.server.store
        for raw in self.rfile:
            cmd = raw.decode("ascii", "replace").strip().split()
            if not cmd:
                continue
            if cmd[0] == "LATEST":
                rec = store.latest()
            elif cmd[0] == "GET" and len(cmd) == 2:
                rec = store.get(cmd[1])
            elif cmd[0] == "QUIT":
                break
            else:
                self.wfile.write(b'{"error": "bad command"}\n')
                continue
            self.wfile.write((json.dumps(rec) + "\n").encode())


class BridgeServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, store):
        super().__init__(addr, Handler)
        self.store = store


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).exists():
        with open(path) as fh:
            cfg.update(yaml.safe_load(fh) or {})
    return cfg


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="plate_bridge.yaml")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    store = PlateStore()

    threading.Thread(target=watch_exports, daemon=True,
                     args=(store, cfg["export_dir"], cfg["poll_seconds"])).start()

    with BridgeServer((cfg["listen_host"], int(cfg["listen_port"])), store) as srv:
        log.info("serving plate reads on %s:%s", cfg["listen_host"], cfg["listen_port"])
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            log.info("shutting down")


if __name__ == "__main__":
    main()
