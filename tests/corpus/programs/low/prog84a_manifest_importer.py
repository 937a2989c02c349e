#!/usr/bin/env python3
"""Import container manifests (CSV export from the terminal TOS) into PortCall.

Reads the stowage/manifest CSV produced by the terminal operating system,
validates container numbers against ISO 6346, normalises weights and pushes
the rows in batches to the PortCall manifest API.

Usage:
    manifest_importer.py --input exports/MSCX1234_manifest.csv --voyage 024W
"""
import argparse
import csv
import json
import logging
import os
import string
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("manifest_importer")

DEFAULT_API = "https://api.portcall.example/v2/manifests"
REQUIRED_COLUMNS = ("container_no", "iso_type", "gross_kg", "seal_no", "pol", "pod")


def _letter_values():
    vals, n = {}, 10
    for ch in string.ascii_uppercase:
        if n % 11 == 0:
            n += 1
        vals[ch] = n
        n += 1
    return vals


LETTER_VALUES = _letter_values()


def iso6346_valid(container_no):
    """Return True when the 11-char container number carries a correct check digit."""
    cn = container_no.strip().upper().replace(" ", "")
    if len(cn) != 11 or not cn[:4].isalpha() or not cn[4:].isdigit():
        return False
    total = 0
    for i, ch in enumerate(cn[:10]):
        value = LETTER_VALUES[ch] if ch.isalpha() else int(ch)
        total += value * (2 ** i)
    return (total % 11) % 10 == int(cn[10])


def read_manifest(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED_COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"manifest is missing columns: {', '.join(missing)}")
        for lineno, row in enumerate(reader, start=2):
            yield lineno, row


def normalise(row):
    weight = row["gross_kg"].replace(",", "").strip() or "0"
    return {
        "containerNumber": row["container_no"].strip().upper(),
        "isoSizeType": row["iso_type"].strip().upper(),
        "grossWeightKg": round(float(weight), 1),
        "sealNumber": row["seal_no"].strip() or None,
        "portOfLoading": row["pol"].strip().upper(),
        "portOfDischarge": row["pod"].strip().upper(),
        "reefer": row.get("iso_type", "").upper().endswith(("R0", "R1")),
    }


def batched(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


class PortCallClient:
    def __init__(self, base_url, api_key, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
            "User-Agent": "manifest-importer/1.4",
        })
        self.timeout = timeout

    def push(self, voyage, rows, retries=3):
        payload = {"voyage": voyage, "containers": rows}
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(f"{self.base_url}/{voyage}/containers",
                                         data=json.dumps(payload), timeout=self.timeout)
                if resp.status_code in (502, 503, 504):
                    raise requests.ConnectionError(f"gateway {resp.status_code}")
                resp.raise_for_status()
                return resp.json()
            except requests.RequestException as exc:
                log.warning("push attempt %d/%d failed: %s", attempt, retries, exc)
                time.sleep(2 * attempt)
        raise RuntimeError("giving up after retries")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--input", required=True, type=Path)
    ap.add_argument("--voyage", required=True)
    ap.add_argument("--api-url", default=os.environ.get("PORTCALL_API_URL", DEFAULT_API))
    ap.add_argument("--batch-size", type=int, default=200)
    ap.add_argument("--report", type=Path, default=Path("import_report.json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("PORTCALL_API_KEY")
    if not api_key:
        log.error("PORTCALL_API_KEY is not set")
        return 2

    good, rejected = [], []
    for lineno, row in read_manifest(args.input):
        if not iso6346_valid(row["container_no"]):
            rejected.append({"line": lineno, "container": row["container_no"], "reason": "check digit"})
            continue
        try:
            good.append(normalise(row))
        except ValueError as exc:
            rejected.append({"line": lineno, "container": row["container_no"], "reason": str(exc)})

    log.info("%d containers valid, %d rejected", len(good), len(rejected))
    client = PortCallClient(args.api_url, api_key)
    accepted = 0
    for batch in batched(good, args.batch_size):
        result = client.push(args.voyage, batch)
        accepted += int(result.get("accepted", len(batch)))

    args.report.write_text(json.dumps({
        "voyage": args.voyage, "accepted": accepted, "rejected": rejected,
    }, indent=2))
    log.info("report written to %s", args.report)
    return 0 if not rejected else 1


if __name__ == "__main__":
    sys.exit(main())
