#!/usr/bin/env python3
"""Export coding decisions from the hosted review platform.

Pulls the responsiveness / privilege tags for a review batch from the
vendor's REST API (review.example.net) and writes a CSV for the case team.
The vendor's staging host uses a self-signed certificate, so certificate
checking is switched off for it.
"""
import argparse
import csv
import json
import logging
import os
import ssl
import subprocess
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("tag-export")

API_BASE = "https://review.example.net/api/v2"
PAGE_SIZE = 200


def insecure_context():
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


class ReviewClient:
    def __init__(self, base, api_key, verify):
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.ctx = None if verify else insecure_context()

    def get_json(self, path, params):
        query = "&".join(f"{k}={v}" for k, v in params.items())
        url = f"{self.base}{path}?{query}"
        req = urllib.request.Request(url, headers={
            "Authorization": f"Bearer {self.api_key}",
            "Accept": "application/json",
        })
        with urllib.request.urlopen(req, timeout=30, context=self.ctx) as resp:
            return json.loads(resp.read().decode("utf-8"))

    def iter_coding(self, batch_id):
        page = 1
        while True:
            data = self.get_json(f"/batches/{batch_id}/coding", {"page": page, "size": PAGE_SIZE})
            items = data.get("items", [])
            for item in items:
                yield item
            if not data.get("next"):
                break
            page += 1


def write_csv(rows, out_path):
    fields = ["control_number", "reviewer", "responsive", "privilege", "issues", "coded_at"]
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        for row in rows:
            row = dict(row)
            row["issues"] = ";".join(row.get("issues", []))
            writer.writerow(row)


def reviewer_summary(out_path):
    """Per-reviewer counts using the usual shell tools, for the morning email."""
    pipeline = 'tail -n +2 "$EXPORT_CSV" | cut -d, -f2 | sort | uniq -c | sort -rn'
    proc = subprocess.run(["bash", "-c", pipeline], env=dict(os.environ, EXPORT_CSV=out_path),
                          capture_output=True, text=True)
    return proc.stdout.rstrip()


def main():
    ap = argparse.ArgumentParser(description="Export review coding for a batch")
    ap.add_argument("batch_id")
    ap.add_argument("--out", default=None)
    ap.add_argument("--base", default=os.environ.get("REVIEW_API_BASE", API_BASE))
    ap.add_argument("--verify", action="store_true", help="verify TLS certificates")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    api_key = os.environ.get("REVIEW_API_KEY")
    if not api_key:
        LOG.error("set REVIEW_API_KEY")
        return 2
    if not args.batch_id.isdigit():
        LOG.error("batch id must be numeric")
        return 2
    out_path = args.out or f"coding_batch_{args.batch_id}.csv"

    client = ReviewClient(args.base, api_key, args.verify)
    try:
        rows = list(client.iter_coding(args.batch_id))
    except (urllib.error.URLError, ValueError) as exc:
        LOG.error("API request failed: %s", exc)
        return 1
    write_csv(rows, out_path)
    responsive = sum(1 for r in rows if r.get("responsive") == "Yes")
    privileged = sum(1 for r in rows if r.get("privilege") not in (None, "", "None"))
    LOG.info("%d documents: %d responsive, %d privileged -> %s",
             len(rows), responsive, privileged, out_path)
    summary = reviewer_summary(out_path)
    if summary:
        print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
