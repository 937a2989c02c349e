#!/usr/bin/env python3
"""Create shipping labels for subscription boxes through the carrier API.

For each box in the packing list we POST the parcel data to the carrier,
receive the label as base64 PDF and save it in ./labels for the printer
queue. The API key is read from SHIPCO_API_KEY and only sent to the carrier.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("shiplabels")

API_BASE = "https://api.shipco.example.com/v3"
SENDER = {
    "name": "Hillside Coffee Roasters",
    "street": "12 Foundry Lane",
    "city": "Exampletown",
    "postcode": "10115",
    "country": "DE",
}


class CarrierClient:
    def __init__(self, api_key, timeout=20):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })
        self.timeout = timeout

    def create_label(self, box):
        body = {
            "sender": SENDER,
            "recipient": {k: box[k] for k in ("name", "street", "city", "postcode", "country")},
            "parcel": {"weight_kg": float(box["weight_kg"]), "reference": box["box_id"]},
            "service": box.get("service", "standard"),
            "label_format": "pdf",
        }
        resp = self.session.post(f"{API_BASE}/shipments", data=json.dumps(body), timeout=self.timeout)
        if resp.status_code == 422:
            raise ValueError(resp.json().get("error", "address rejected"))
        resp.raise_for_status()
        return resp.json()


def save_label(out_dir, box_id, label_b64):
    """Decode the PDF and write it atomically so the printer never sees half a file."""
    pdf = base64.b64decode(label_b64)
    if not pdf.startswith(b"%PDF"):
        raise ValueError("carrier returned something that is not a PDF")
    out_dir.mkdir(exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=out_dir, prefix=".label_", suffix=".pdf")
    with os.fdopen(fd, "wb") as fh:
        fh.write(pdf)
    final = out_dir / f"{box_id}.pdf"
    os.replace(tmp_name, final)
    return final


def read_packing_list(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("packing_list", help="CSV: box_id,name,street,city,postcode,country,weight_kg")
    parser.add_argument("--out", default="labels")
    parser.add_argument("--tracking-file", default="tracking.csv")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("SHIPCO_API_KEY")
    if not api_key:
        log.error("SHIPCO_API_KEY is not set")
        return 2

    client = CarrierClient(api_key)
    out_dir = Path(args.out)
    ok, failed = [], []
    for box in read_packing_list(args.packing_list):
        if (out_dir / f"{box['box_id']}.pdf").exists():
            log.info("%s already labelled", box["box_id"])
            continue
        try:
            result = client.create_label(box)
            path = save_label(out_dir, box["box_id"], result["label"])
            ok.append((box["box_id"], result.get("tracking_number", "")))
            log.info("%s -> %s", box["box_id"], path)
        except (requests.RequestException, ValueError, KeyError) as exc:
            log.error("%s failed: %s", box.get("box_id"), exc)
            failed.append(box.get("box_id"))

    with open(args.tracking_file, "a", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(ok)
    log.info("%d labels created, %d failed", len(ok), len(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
