#!/usr/bin/env python3
"""Import driver-card .DDD downloads and produce daily activity summaries.

Reads the tachograph card downloads that the depot card reader drops into
./ddd_inbox, decodes the driver activity daily records and writes one CSV per
driver into ./activity_out.  Parsed files are cached by content hash so a
re-run over a large inbox only decodes the new downloads.
"""

import argparse
import csv
import hashlib
import logging
import pickle
import struct
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("ddd_import")

# EF tag of the driver activity data in the card download layout
TAG_ACTIVITY = 0x0504
TAG_IDENTIFICATION = 0x0520

ACTIVITY = {0: "break", 1: "availability", 2: "work", 3: "driving"}


def decode_activity(word):
    """Split a 16-bit activity change word into its fields."""
    return {
        "slot": (word >> 15) & 1,
        "crew": (word >> 14) & 1,
        "card_present": not ((word >> 13) & 1),
        "activity": ACTIVITY[(word >> 11) & 3],
        "minute": word & 0x7FF,
    }


class DddFile:
    def __init__(self, path):
        self.path = Path(path)
        self.raw = self.path.read_bytes()
        self.digest = hashlib.md5(self.raw).hexdigest()

    def blocks(self):
        """Yield (tag, type, payload) from the TLV layout of a card download."""
        offset = 0
        while offset + 5 <= len(self.raw):
            tag, btype, length = struct.unpack_from(">HBH", self.raw, offset)
            offset += 5
            yield tag, btype, self.raw[offset:offset + length]
            offset += length


def parse_driver(payload):
    surname = payload[65:101].decode("latin-1").strip()
    first = payload[101:137].decode("latin-1").strip()
    return f"{first} {surname}".strip() or "unknown"


def parse_activity(payload, decode):
    """Walk the cyclic buffer of daily records and decode each activity word."""
    days = []
    pos = 4
    while pos + 12 <= len(payload):
        _prev_len, rec_len, day_ts, _presence, distance = struct.unpack_from(">HHIHH", payload, pos)
        if rec_len < 12 or pos + rec_len > len(payload):
            break
        words = struct.unpack_from(">%dH" % ((rec_len - 12) // 2), payload, pos + 12)
        changes = [decode(w) for w in words]
        days.append({"day": day_ts, "distance_km": distance, "changes": changes})
        pos += rec_len
    return days


class ParseCache:
    def __init__(self, path):
        self.path = Path(path)
        self.entries = {}
        if self.path.exists():
            with open(self.path, "rb") as fh:
                self.entries = pickle.load(fh)

    def get(self, key):
        return self.entries.get(key)

    def put(self, key, value):
        self.entries[key] = value

    def flush(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.entries, fh, protocol=pickle.HIGHEST_PROTOCOL)


def import_file(ddd, decode):
    driver, days = "unknown", []
    for tag, btype, payload in ddd.blocks():
        if btype != 0:
            continue  # skip signature blocks
        if tag == TAG_IDENTIFICATION:
            driver = parse_driver(payload)
        elif tag == TAG_ACTIVITY:
            days = parse_activity(payload, decode)
    return {"driver": driver, "days": days}


def write_summary(outdir, driver, days):
    outdir.mkdir(parents=True, exist_ok=True)
    totals = defaultdict(lambda: defaultdict(int))
    for day in days:
        prev = None
        for change in day["changes"]:
            if prev is not None:
                totals[day["day"]][prev["activity"]] += change["minute"] - prev["minute"]
            prev = change
    name = driver.replace(" ", "_").lower() or "unknown"
    with open(outdir / f"{name}.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["day", "driving", "work", "availability", "break"])
        for day_ts in sorted(totals):
            t = totals[day_ts]
            writer.writerow([day_ts, t["driving"], t["work"], t["availability"], t["break"]])


def main():
    parser = argparse.ArgumentParser(description="Import tachograph driver-card downloads")
    parser.add_argument("--inbox", default="ddd_inbox")
    parser.add_argument("--out", default="activity_out")
    parser.add_argument("--cache", default=".ddd_cache.pkl")
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    decode = decode_activity
    cache = ParseCache(args.cache) if not args.no_cache else None
    files = sorted(Path(args.inbox).glob("*.[dD][dD][dD]"))
    if not files:
        log.error("no .DDD files found in %s", args.inbox)
        return 1

    for path in files:
        try:
            ddd = DddFile(path)
            result = cache.get(ddd.digest) if cache else None
            if result is None:
                result = import_file(ddd, decode)
                if cache:
                    cache.put(ddd.digest, result)
            write_summary(Path(args.out), result["driver"], result["days"])
            log.info("%s: %s, %d day(s)", path.name, result["driver"], len(result["days"]))
        except (struct.error, OSError, KeyError) as exc:
            log.warning("%s: skipped (%s)", path.name, exc)
    if cache:
        cache.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
