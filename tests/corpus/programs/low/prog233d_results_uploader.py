#!/usr/bin/env python3
"""Mock-exam results uploader.

Reads the marked results CSV produced by the marking spreadsheet and the
scanned answer sheets in ./scans, and uploads them to the exam board's
results API.  Scans are embedded base64 in the JSON body, as the API
requires.  The API key is read from EXAMBOARD_API_KEY.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("results-upload")

API = {
    "base": "https://" + ".".join(["api", "examboard", "example", "com"]),
    "route": "/v1/centres/{centre}/results",
    "key_env": "EXAMBOARD_API_KEY",
}


def endpoint(centre):
    return API["base"] + API["route"].format(centre=centre)


def api_key():
    key = os.environ.get(API["key_env"], "").strip()
    if not key:
        raise SystemExit("set %s first" % API["key_env"])
    return key


class ResultRow:
    __slots__ = ("candidate", "paper", "mark", "grade")

    def __init__(self, rec):
        self.candidate = rec["candidate"].strip()
        self.paper = rec["paper"].strip()
        self.mark = int(rec["mark"])
        self.grade = rec.get("grade", "").strip()

    def scan_file(self, scans):
        p = Path(scans) / ("%s_%s.pdf" % (self.candidate, self.paper))
        return p if p.is_file() else None

    def to_json(self, scans):
        doc = {"candidate": self.candidate, "paper": self.paper,
               "mark": self.mark, "grade": self.grade}
        sf = self.scan_file(scans)
        if sf is not None:
            doc["scan"] = {"name": sf.name,
                           "content_b64": base64.b64encode(sf.read_bytes()).decode("ascii")}
        return doc


def read_rows(path):
    rows, bad = [], 0
    with open(path, newline="", encoding="utf-8") as fh:
        for n, rec in enumerate(csv.DictReader(fh), start=2):
            try:
                rows.append(ResultRow(rec))
            except (KeyError, ValueError) as exc:
                bad += 1
                log.warning("line %d skipped: %s", n, exc)
    return rows, bad


def post(url, key, payload, timeout):
    req = urllib.request.Request(
        url, data=json.dumps(payload).encode("utf-8"), method="POST",
        headers={"Content-Type": "application/json", "Authorization": "Bearer " + key})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status, json.loads(resp.read() or b"{}")


def chunks(seq, size):
    for i in range(0, len(seq), size):
        yield seq[i:i + size]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="marked results CSV")
    ap.add_argument("--centre", required=True)
    ap.add_argument("--scans", default="./scans")
    ap.add_argument("--batch", type=int, default=25)
    ap.add_argument("--timeout", type=float, default=30.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = api_key()
    rows, bad = read_rows(args.csv)
    url = endpoint(args.centre)
    sent = 0
    for part in chunks(rows, args.batch):
        body = {"results": [r.to_json(args.scans) for r in part]}
        try:
            status, reply = post(url, key, body, args.timeout)
        except urllib.error.HTTPError as exc:
            log.error("batch rejected: %s %s", exc.code, exc.reason)
            return 1
        except OSError as exc:
            log.error("upload failed: %s", exc)
            return 1
        sent += len(part)
        log.info("batch ok (%s), accepted=%s", status, reply.get("accepted"))
    log.info("uploaded %d results (%d bad lines)", sent, bad)
    return 0


if __name__ == "__main__":
    sys.exit(main())
