#!/usr/bin/env python3
"""Customs manifest exporter.

Turns the day's outbound shipment CSV (from the WMS export) into the JSON
manifest format accepted by the customs broker's filing API, writes a copy
to ./manifests and submits it.  The broker API key is read from
BROKER_API_KEY.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import socket
import sys
import urllib.error
import urllib.parse
import urllib.request
from datetime import date, datetime, timezone
from decimal import Decimal, InvalidOperation
from pathlib import Path

LOG = logging.getLogger("manifest-export")

REQUIRED = ("awb", "consignee", "dest_country", "hs_code", "description",
            "qty", "weight_kg", "value", "currency")


class ManifestError(ValueError):
    pass


def load_rows(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise ManifestError(f"{path}: missing columns {missing}")
        for lineno, row in enumerate(reader, start=2):
            try:
                yield {
                    "awb": row["awb"].strip(),
                    "consignee": row["consignee"].strip(),
                    "destCountry": row["dest_country"].strip().upper(),
                    "hsCode": row["hs_code"].replace(".", "").strip(),
                    "description": row["description"].strip()[:120],
                    "quantity": int(row["qty"]),
                    "grossWeightKg": str(Decimal(row["weight_kg"]).quantize(Decimal("0.001"))),
                    "declaredValue": str(Decimal(row["value"]).quantize(Decimal("0.01"))),
                    "currency": row["currency"].strip().upper(),
                }
            except (ValueError, InvalidOperation) as exc:
                raise ManifestError(f"{path}:{lineno}: {exc}") from exc


def build_manifest(rows, shipper_id, flight):
    lines = list(rows)
    digest = hashlib.sha256(json.dumps(lines, sort_keys=True).encode()).hexdigest()
    return {
        "shipperId": shipper_id,
        "flight": flight,
        "manifestDate": date.today().isoformat(),
        "generatedAt": datetime.now(timezone.utc).isoformat(),
        "lineCount": len(lines),
        "contentDigest": digest,
        "lines": lines,
    }


class BrokerClient:
    def __init__(self, base_url, api_key, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.host = urllib.parse.urlparse(self.base_url).hostname

    def preflight(self):
        """Make sure the broker host resolves before building a large upload."""
        try:
            addrs = socket.getaddrinfo(self.host, 443, proto=socket.IPPROTO_TCP)
        except socket.gaierror as exc:
            raise ManifestError(f"cannot resolve {self.host}: {exc}") from exc
        LOG.info("broker %s resolves to %s", self.host, sorted({a[4][0] for a in addrs}))

    def submit(self, manifest):
        req = urllib.request.Request(
            f"{self.base_url}/v1/manifests",
            data=json.dumps(manifest).encode(),
            method="POST",
            headers={"Content-Type": "application/json",
                     "X-Api-Key": self.api_key},
        )
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode(errors="replace")[:300]
            raise ManifestError(f"broker rejected manifest: {exc.code} {detail}") from exc


def write_copy(manifest, outdir):
    outdir = Path(outdir)
    outdir.mkdir(exist_ok=True)
    path = outdir / f"manifest_{manifest['flight']}_{manifest['manifestDate']}.json"
    path.write_text(json.dumps(manifest, indent=2))
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description="Export and file the customs manifest")
    ap.add_argument("csv", help="WMS outbound export")
    ap.add_argument("--flight", required=True)
    ap.add_argument("--shipper-id", default=os.environ.get("SHIPPER_ID", "XX0000"))
    ap.add_argument("--broker-url", default="https://api.clearpath-broker.com")
    ap.add_argument("--outdir", default="manifests")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        manifest = build_manifest(load_rows(args.csv), args.shipper_id, args.flight)
    except (OSError, ManifestError) as exc:
        LOG.error("%s", exc)
        return 2
    path = write_copy(manifest, args.outdir)
    LOG.info("wrote %s (%d lines)", path, manifest["lineCount"])
    if args.dry_run:
        return 0

    api_key = os.environ.get("BROKER_API_KEY")
    if not api_key:
        LOG.error("BROKER_API_KEY not set; manifest saved but not filed")
        return 3
    client = BrokerClient(args.broker_url, api_key)
    try:
        client.preflight()
        result = client.submit(manifest)
    except (OSError, ManifestError) as exc:
        LOG.error("filing failed: %s", exc)
        return 1
    LOG.info("filed: reference %s status %s", result.get("reference"), result.get("status"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
