#!/usr/bin/env python3
"""Push today's walk-in bookings to the online booking platform.

The front desk records walk-ins in bookings_today.csv; this uploads them
to the booking platform's API so online availability stays correct.
"""
import argparse
import asyncio
import csv
import json
import logging
import os
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("bookingpush")

API_ROOT = os.environ.get("BOOKING_API", "https://api.bookings.example.com/v1")


@dataclass
class Booking:
    ref: str
    tour: str
    start: str
    party_size: int
    lead_name: str
    boat_type: str = "single"

    @classmethod
    def from_row(cls, row: dict) -> "Booking":
        return cls(ref=row["ref"].strip(), tour=row["tour"].strip(), start=row["start"].strip(),
                   party_size=int(row["party_size"]), lead_name=row["lead_name"].strip(),
                   boat_type=(row.get("boat_type") or "single").strip())


class Client:
    def __init__(self, root: str, key_var: str = "BOOKING_API_KEY"):
        self.root = root.rstrip("/")
        self._key = os.environ.get(key_var)
        if not self._key:
            raise SystemExit(f"{key_var} is not set")

    def _headers(self):
        return {"Authorization": f"Bearer {self._key}", "Content-Type": "application/json",
                "User-Agent": "hp-bookingpush/0.9"}

    def post(self, path: str, body: dict) -> int:
        req = urllib.request.Request(f"{self.root}{path}", data=json.dumps(body).encode(),
                                     headers=self._headers(), method="POST")
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                return resp.status
        except urllib.error.HTTPError as exc:
            return exc.code


def load(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Booking.from_row(row)
            except (KeyError, ValueError) as exc:
                log.warning("skipping bad row %s: %s", row.get("ref"), exc)


async def push_all(client: Client, bookings, limit: int):
    sem = asyncio.Semaphore(limit)
    loop = asyncio.get_running_loop()

    async def one(b: Booking):
        async with sem:
            status = await loop.run_in_executor(None, client.post, "/bookings", asdict(b))
            log.info("%s -> %s", b.ref, status)
            return b.ref, status

    return await asyncio.gather(*(one(b) for b in bookings))


def main():
    ap = argparse.ArgumentParser(description="push walk-in bookings")
    ap.add_argument("csv", nargs="?", default="bookings_today.csv")
    ap.add_argument("--concurrency", type=int, default=3)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    bookings = list(load(Path(args.csv)))
    if args.dry_run:
        for b in bookings:
            print(json.dumps(asdict(b)))
        return 0
    results = asyncio.run(push_all(Client(API_ROOT), bookings, args.concurrency))
    failed = [ref for ref, status in results if status not in (200, 201)]
    Path("push_failed.txt").write_text("\n".join(failed) + ("\n" if failed else ""))
    print(f"pushed {len(results) - len(failed)}/{len(results)} bookings")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
