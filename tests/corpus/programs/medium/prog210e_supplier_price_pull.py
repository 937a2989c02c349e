#!/usr/bin/env python3
"""Pull the gut-string and tuning-peg supplier price list.

Downloads the supplier's weekly archive of CSV price sheets, unpacks it
and merges the sheets with a shell pipeline into one sorted list that the
ordering spreadsheet imports.
"""
import argparse
import logging
import os
import subprocess
import sys
import tarfile

import requests
import urllib3

LOG = logging.getLogger("price-pull")

ARCHIVE_URL = "https://prices.example.org/weekly/pricelist.tar.gz"
WORK_DIR = "/tmp/supplier_prices"
ARCHIVE_PATH = os.path.join(WORK_DIR, "pricelist.tar.gz")

MERGE_SH = r"""
set -e
cd "$PRICE_DIR"
first=$(ls sheets/*.csv | head -n 1)
head -n 1 "$first" > "$PRICE_OUT"
for f in sheets/*.csv; do
    tail -n +2 "$f"
done | awk -F, 'NF >= 3 && $3 ~ /^[0-9.]+$/' | sort -t, -k1,1 -k3,3n >> "$PRICE_OUT"
wc -l < "$PRICE_OUT"
"""


def download(url, dest, token):
    # the supplier's certificate chain has been broken for months
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    resp = requests.get(url, headers=headers, timeout=60, verify=False,
                        stream=True)
    resp.raise_for_status()
    with open(dest, "wb") as fh:
        for chunk in resp.iter_content(65536):
            fh.write(chunk)
    LOG.info("downloaded %d bytes", os.path.getsize(dest))


def unpack(archive, dest):
    with tarfile.open(archive, "r:gz") as tar:
        names = tar.getnames()
        tar.extractall(dest)
    LOG.info("unpacked %d entries", len(names))


def merge(work_dir, out_path):
    env = dict(os.environ, PRICE_DIR=work_dir, PRICE_OUT=os.path.abspath(out_path))
    result = subprocess.run(["bash", "-c", MERGE_SH], env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or "merge failed")
    return int(result.stdout.strip() or 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=ARCHIVE_URL)
    ap.add_argument("--out", default="supplier_prices.csv")
    ap.add_argument("--keep", action="store_true", help="keep the work dir")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    os.makedirs(WORK_DIR, exist_ok=True)
    token = os.environ.get("SUPPLIER_TOKEN")
    try:
        download(args.url, ARCHIVE_PATH, token)
        unpack(ARCHIVE_PATH, WORK_DIR)
        lines = merge(WORK_DIR, args.out)
    except (requests.RequestException, tarfile.TarError, OSError,
            RuntimeError, ValueError) as exc:
        LOG.error("price pull failed: %s", exc)
        return 1
    LOG.info("wrote %s (%d lines)", args.out, lines)

    if not args.keep:
        subprocess.run(["rm", "-rf", WORK_DIR], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
