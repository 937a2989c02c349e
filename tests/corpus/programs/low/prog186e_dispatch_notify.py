#!/usr/bin/env python3
"""Send "your parcel is ready" notifications for BoxPoint lockers.

Reads the deposit events the locker controllers exported into the working
directory and posts one notification request per parcel to the BoxPoint
notification API, which handles SMS and e-mail delivery.
"""
import argparse
import asyncio
import csv
import json
import logging
import os
import tempfile
import urllib.request
from pathlib import Path

log = logging.getLogger("notify")

API = os.environ.get("BP_NOTIFY_URL", "https://notify.boxpoint.example/v3/messages")
SOURCES = {}


def source(kind):
    def reg(fn):
        SOURCES[kind] = fn
        return fn
    return reg


@source("deposits")
def _deposits(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("event") == "deposited":
                yield {
                    "template": "parcel_ready",
                    "recipient_ref": row["recipient_ref"],
                    "vars": {"site": row["site"], "bay": row["bay"],
                             "collect_by": row["collect_by"]},
                }


@source("reminders")
def _reminders(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield {"template": "collect_reminder", "recipient_ref": row["recipient_ref"],
                   "vars": {"site": row["site"], "days_left": row["days_left"]}}


def make_poster(key):
    headers = {"Content-Type": "application/json", "X-Api-Key": key}

    def post(msg):
        req = urllib.request.Request(API, data=json.dumps(msg).encode(),
                                     headers=headers, method="POST")
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status
    return post


def spool(messages):
    fd, path = tempfile.mkstemp(prefix="bpnotify", suffix=".jsonl", dir=".")
    with os.fdopen(fd, "w") as fh:
        for m in messages:
            fh.write(json.dumps(m) + "\n")
    return Path(path)


async def drain(spool_path, post, concurrency):
    sem = asyncio.Semaphore(concurrency)
    loop = asyncio.get_running_loop()
    lines = spool_path.read_text().splitlines()

    async def one(line):
        async with sem:
            try:
                return await loop.run_in_executor(None, post, json.loads(line))
            except OSError as exc:
                log.warning("send failed: %s", exc)
                return None

    results = await asyncio.gather(*(one(l) for l in lines))
    spool_path.unlink()
    return sum(1 for r in results if r and r < 300), len(lines)


def main():
    ap = argparse.ArgumentParser(description="locker pickup notifications")
    ap.add_argument("kind", choices=sorted(SOURCES))
    ap.add_argument("csv", nargs="?", default="deposits_export.csv")
    ap.add_argument("--concurrency", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    key = os.environ.get("BP_NOTIFY_KEY")
    if not key:
        log.error("BP_NOTIFY_KEY is not set")
        return 2
    path = spool(SOURCES[args.kind](args.csv))
    ok, total = asyncio.run(drain(path, make_poster(key), args.concurrency))
    log.info("%d/%d notifications accepted", ok, total)
    return 0 if ok == total else 1


if __name__ == "__main__":
    raise SystemExit(main())
