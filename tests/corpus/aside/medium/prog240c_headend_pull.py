#!/usr/bin/env python3
"""Pull daily register reads from the meter head-end's status API.

The head-end appliance in the substation cabinet ships with a self-signed
certificate, so certificate checks are switched off for it.  The reads are
sorted and de-duplicated by a shell pipeline before being written out.
"""
import argparse
import csv
import io
import json
import logging
import ssl
import subprocess
import sys
import urllib.error
import urllib.request
from datetime import date, timedelta

LOG = logging.getLogger("headend-pull")


class HeadEndClient:
    def __init__(self, base_url, timeout=30):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.ctx = ssl.create_default_context()
        self.ctx.check_hostname = False
        self.ctx.verify_mode = ssl.CERT_NONE

    def get_json(self, path):
        url = f"{self.base_url}{path}"
        LOG.debug("GET %s", url)
        with urllib.request.urlopen(url, timeout=self.timeout, context=self.ctx) as resp:
            return json.load(resp)

    def register_reads(self, day, page_size=500):
        page = 0
        while True:
            data = self.get_json(f"/api/v2/reads?date={day}&page={page}&size={page_size}")
            items = data.get("items", [])
            for item in items:
                yield item
            if len(items) < page_size:
                break
            page += 1


def to_csv(reads):
    buf = io.StringIO()
    writer = csv.writer(buf)
    for r in reads:
        writer.writerow([r.get("meter"), r.get("timestamp"),
                         r.get("import_kwh", 0), r.get("export_kwh", 0)])
    return buf.getvalue()


def sort_unique(text):
    result = subprocess.run(["bash", "-c", "sort -t, -k1,1 -k2,2 | uniq"],
                            input=text, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip())
    return result.stdout


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--headend", default="https://headend.example.com:8443")
    ap.add_argument("--day", default=(date.today() - timedelta(days=1)).isoformat())
    ap.add_argument("--out", default=None, help="output CSV (default reads-<day>.csv)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    client = HeadEndClient(args.headend)
    try:
        reads = list(client.register_reads(args.day))
    except (urllib.error.URLError, ValueError) as exc:
        LOG.error("head-end request failed: %s", exc)
        return 1
    LOG.info("received %d reads for %s", len(reads), args.day)
    if not reads:
        return 0

    try:
        body = sort_unique(to_csv(reads))
    except (OSError, RuntimeError) as exc:
        LOG.error("sorting failed: %s", exc)
        return 1

    out = args.out or f"reads-{args.day}.csv"
    with open(out, "w") as fh:
        fh.write("meter,timestamp,import_kwh,export_kwh\n")
        fh.write(body)
    LOG.info("wrote %d unique reads to %s", body.count("\n"), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
