#!/usr/bin/env python3
"""Depot scanner sync listener.

Handheld scanners on the depot Wi-Fi stream scan events as newline-delimited
JSON over TCP ({"scanner": "...", "barcode": "...", "event": "LOADED", "ts": ...}).
The listener stores them in ./scans.db so the route planner can read them,
and answers each line with "ok <seq>" or "err <reason>".
"""
import argparse
import asyncio
import json
import logging
import signal
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("scan_listener")

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

    def counts(self):
        return dict(self.db.execute("SELECT event, COUNT(*) FROM scans GROUP BY event"))

    def close(self):
        self.db.close()


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


async def report_counts(store, every):
    while True:
        await asyncio.sleep(every)
        log.info("scan totals: %s", store.counts())


async def serve(args):
    store = ScanStore(args.db)
    server = await asyncio.start_server(make_handler(store), host=args.bind, port=args.port)
    log.info("listening on %s:%d", args.bind, args.port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    reporter = asyncio.create_task(report_counts(store, args.report_every))
    async with server:
        await stop.wait()
    reporter.cancel()
    store.close()
    log.info("listener stopped")


def main():
    ap = argparse.ArgumentParser(description="depot scanner sync listener")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=7311)
    ap.add_argument("--db", type=Path, default=Path("scans.db"))
    ap.add_argument("--report-every", type=int, default=300, metavar="SECONDS")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        asyncio.run(serve(args))
    except OSError as exc:
        log.error("cannot start listener: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
