#!/usr/bin/env python3
"""Hub for UHF ear-tag readers at the race and water points.

Readers connect over TCP and send one line per read:
    <reader_id>,<epc>,<rssi>,<unix_ts>
Reads are de-duplicated per animal per reader inside a short window and
stored in a local SQLite file that the herd-management sync job picks up.
A status line per reader is logged every few minutes so the farm office
can see when a reader at a trough goes quiet.
"""
import argparse
import configparser
import logging
import socketserver
import sqlite3
import threading
import time
from pathlib import Path

LOG = logging.getLogger("taghub")

DEFAULTS = {
    "gateway": {"listen": "0.0.0.0", "port": "5084", "db": "tagreads.sqlite",
                "dedup_seconds": "30"},
    "status": {"interval_seconds": "300", "quiet_after": "900"},
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    cfg.read(path)
    return cfg


class TagStore:
    def __init__(self, db_path, dedup_seconds):
        self.lock = threading.Lock()
        self.conn = sqlite3.connect(db_path, check_same_thread=False)
        self.conn.execute("CREATE TABLE IF NOT EXISTS reads ("
                          "reader TEXT, epc TEXT, rssi REAL, ts INTEGER)")
        self.dedup = dedup_seconds
        self.last_seen = {}
        self.reader_seen = {}

    def add(self, reader, epc, rssi, ts):
        key = (reader, epc)
        with self.lock:
            self.reader_seen[reader] = time.time()
            if ts - self.last_seen.get(key, 0) < self.dedup:
                return False
            self.last_seen[key] = ts
            self.conn.execute("INSERT INTO reads VALUES (?, ?, ?, ?)",
                              (reader, epc, rssi, ts))
            self.conn.commit()
            return True

    def reader_ages(self):
        now = time.time()
        with self.lock:
            return {r: now - t for r, t in self.reader_seen.items()}


class ReaderHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = self.client_address[0]
        LOG.info("reader connected from %s", peer)
        for raw in self.rfile:
            line = raw.decode("ascii", "replace").strip()
            if not line:
                continue
            try:
                reader, epc, rssi, ts = line.split(",")
                stored = self.server.store.add(reader, epc.upper(), float(rssi), int(ts))
            except ValueError:
                LOG.debug("bad line from %s: %r", peer, line)
                continue
            if stored:
                LOG.debug("read %s at %s", epc, reader)
        LOG.info("reader %s disconnected", peer)


class GatewayServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, store):
        super().__init__(addr, ReaderHandler)
        self.store = store


class StatusReporter(threading.Thread):
    def __init__(self, store, interval, quiet_after):
        super().__init__(daemon=True, name="status")
        self.store = store
        self.interval = interval
        self.quiet_after = quiet_after

    def run(self):
        while True:
            time.sleep(self.interval)
            for reader, age in sorted(self.store.reader_ages().items()):
                if age > self.quiet_after:
                    LOG.warning("reader %s quiet for %d min", reader, age // 60)
                else:
                    LOG.info("reader %s ok (last read %ds ago)", reader, age)


def main():
    ap = argparse.ArgumentParser(description="UHF ear-tag reader hub")
    ap.add_argument("-c", "--config", default="taghub.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    gw = cfg["gateway"]
    store = TagStore(Path(gw["db"]), int(gw["dedup_seconds"]))

    st = cfg["status"]
    StatusReporter(store, int(st["interval_seconds"]), int(st["quiet_after"])).start()

    server = GatewayServer((gw["listen"], int(gw["port"])), store)
    LOG.info("listening for readers on %s:%s", gw["listen"], gw["port"])
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
