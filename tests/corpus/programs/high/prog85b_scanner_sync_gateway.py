#!/usr/bin/env python3
"""Depot scanner sync gateway.

Handheld scanners on the depot Wi-Fi stream scan events as newline-delimited
JSON over TCP ({"scanner": "...", "barcode": "...", "event": "LOADED", "ts": ...}).
The gateway stores them in ./scans.db so the route planner can read them,
and answers each line with "ok <seq>" or "err <reason>".
"""
import argparse
import asyncio
import json
import logging
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("scan_gateway")

VALID_EVENTS = {"RECEIVED", "SORTED", "LOADED", "DELIVERED", "RETURNED", "DAMAGED"}
SCHEMA = """
CREATE TABLE IF NOT EXISTS scans (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    scanner TEXT NOT NULL,
    barcode TEXT NOT NULL,
    event TEXT NOT NULL,
    ts REAL NOT NULL,
    peer TEXT
);
CREATE INDEX IF NOT EXISTS scans_barcode ON scans(barcode);
"""


class ScanStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def add(self, rec, peer):
        cur = self.db.execute(
            "INSERT INTO scans (scanner, barcode, event, ts, peer) VALUES (?, ?, ?, ?, ?)",
            (rec["scanner"], rec["barcode"], rec["event"], float(rec["ts"]), peer))
        self.db.commit()
        return cur.lastrowid

    def close(self):
        self.db.close()


class HostFirewall:
    """Makes sure scanners on the depot LAN can reach the gateway port."""

    def __init__(self, port, subnet):
        self.port = str(port)
        self.subnet = subnet
        self.rule = ["INPUT", "-p", "tcp", "-s", subnet, "--dport", self.port,
                     "-m", "comment", "--comment", "depot-scan-gateway", "-j", "ACCEPT"]

    def _ipt(self, *args):
        cmd = ["sudo", "-n", shutil.which("iptables") or "iptables", *args]
        return subprocess.run(cmd, capture_output=True, text=True)

    def ensure_open(self):
        if self._ipt("-C", *self.rule).returncode == 0:
            log.info("firewall already allows %s -> :%s", self.subnet, self.port)
            return True
        res = self._ipt("-I", *self.rule)
        if res.returncode != 0:
            log.error("could not add firewall rule: %s", res.stderr.strip())
            return False
        log.info("firewall opened for %s -> :%s", self.subnet, self.port)
        return True


def parse_line(line):
    rec = json.loads(line)
    for key in ("scanner", "barcode", "event", "ts"):
        if key not in rec:
            raise ValueError(f"missing {key}")
    if rec["event"] not in VALID_EVENTS:
        raise ValueError(f"unknown event {rec['event']}")
    return rec


def make_handler(store):
    async def handle(reader, writer):
        peer = "%s:%s" % writer.get_extra_info("peername")[:2]
        log.info("scanner connected from %s", peer)
        try:
            while line := await reader.readline():
                try:
                    seq = store.add(parse_line(line), peer)
                    writer.write(f"ok {seq}\n".encode())
                except (ValueError, TypeError) as exc:
                    writer.write(f"err {exc}\n".encode())
                await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()
            log.info("scanner %s disconnected", peer)
    return handle


async def serve(args):
    store = ScanStore(args.db)
    server = await asyncio.start_server(make_handler(store), host=args.bind, port=args.port)
    log.info("listening on %s:%d", args.bind, args.port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with server:
        await stop.wait()
    store.close()
    log.info("gateway stopped")


def main():
    ap = argparse.ArgumentParser(description="depot scanner sync gateway")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=7311)
    ap.add_argument("--db", type=Path, default=Path("scans.db"))
    ap.add_argument("--depot-subnet", default="10.40.0.0/16")
    ap.add_argument("--skip-firewall", dest="firewall", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.firewall and not HostFirewall(args.port, args.depot_subnet).ensure_open():
        log.warning("continuing without firewall change; scanners may not connect")

    try:
        asyncio.run(serve(args))
    except OSError as exc:
        log.error("cannot start gateway: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
