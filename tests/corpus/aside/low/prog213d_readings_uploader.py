#!/usr/bin/env python3
"""Upload batched sensor readings to the GreenStack cloud API.

Readings come either from a CSV in the working directory or from stdin, so
the logger can pipe into it:

    ./export_readings.sh | HYDRO_API_KEY=... ./readings_uploader.py --rack r12 -

The API key is taken from HYDRO_API_KEY and sent only to the readings API.
Each successful batch leaves a receipt in ./receipts (mode 0600).
"""

import argparse
import base64
import csv
import json
import logging
import os
import platform
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("uploader")

API_URL = "https://api.example.com/v1/readings"
BATCH = 200


def os_pretty_name():
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.system()


class Uploader:
    def __init__(self, url, api_key, rack, receipts_dir):
        self.url = url
        self.api_key = api_key
        self.rack = rack
        self.receipts_dir = receipts_dir
        self.user_agent = f"hydro-uploader/2.1 ({os_pretty_name()})"

    def post(self, batch, seq):
        raw = "\n".join(json.dumps(r, sort_keys=True) for r in batch).encode()
        body = {
            "rack": self.rack,
            "seq": seq,
            "count": len(batch),
            # the API stores the raw batch verbatim for audits
            "raw_b64": base64.b64encode(raw).decode(),
            "readings": batch,
        }
        req = urllib.request.Request(
            self.url, data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.api_key}",
                     "User-Agent": self.user_agent})
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.load(resp)

    def write_receipt(self, seq, answer):
        os.makedirs(self.receipts_dir, exist_ok=True)
        path = os.path.join(self.receipts_dir, f"{self.rack}-{int(time.time())}-{seq}.json")
        with open(path, "w") as fh:
            json.dump(answer, fh, indent=2)
        os.chmod(path, 0o600)
        return path


def read_rows(source):
    fh = sys.stdin if source == "-" else open(source, newline="")
    try:
        for row in csv.DictReader(fh):
            try:
                yield {"ts": row["timestamp"], "sensor": row["sensor"],
                       "value": float(row["value"])}
            except (KeyError, ValueError):
                LOG.debug("skipping malformed row %r", row)
    finally:
        if fh is not sys.stdin:
            fh.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source", help="CSV file or - for stdin")
    ap.add_argument("--rack", required=True)
    ap.add_argument("--url", default=API_URL)
    ap.add_argument("--receipts", default="receipts")
    ap.add_argument("--retries", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("HYDRO_API_KEY")
    if not api_key:
        LOG.error("HYDRO_API_KEY is not set")
        return 2

    up = Uploader(args.url, api_key, args.rack, args.receipts)
    batch, seq, sent = [], 0, 0
    rows = list(read_rows(args.source))
    for i in range(0, len(rows), BATCH):
        batch = rows[i:i + BATCH]
        seq += 1
        for attempt in range(1, args.retries + 1):
            try:
                answer = up.post(batch, seq)
                LOG.info("batch %d: %d readings accepted (%s)", seq, len(batch),
                         up.write_receipt(seq, answer))
                sent += len(batch)
                break
            except (urllib.error.URLError, ValueError) as exc:
                LOG.warning("batch %d attempt %d failed: %s", seq, attempt, exc)
                time.sleep(2 * attempt)
        else:
            LOG.error("batch %d dropped after %d attempts", seq, args.retries)
    LOG.info("uploaded %d of %d readings", sent, len(rows))
    return 0 if sent == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
