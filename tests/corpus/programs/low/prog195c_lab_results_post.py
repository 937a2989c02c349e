#!/usr/bin/env python3
"""Submit lab assay results to the certification body's API.

Every batch of dried kelp gets tested for iodine, arsenic, cadmium and lead.
The QA tech exports the bench results as JSON files into ./assays; this
posts each one to the certifier's assay endpoint and records the receipt.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("assaypost")

API = os.environ.get("CERT_API_URL", "https://api.seafood-cert.example.com/v2/assays")
KEY_VAR = "CERT_API_KEY"
LIMITS = {"iodine_mg_kg": 2000.0, "arsenic_inorg_mg_kg": 3.0,
          "cadmium_mg_kg": 3.0, "lead_mg_kg": 3.0}


@dataclass
class Assay:
    batch: str
    species: str
    iodine_mg_kg: float
    arsenic_inorg_mg_kg: float
    cadmium_mg_kg: float
    lead_mg_kg: float
    lab_ref: str = ""

    def flags(self):
        return [k for k, lim in LIMITS.items() if getattr(self, k) > lim]


def _client():
    return importlib.import_module("urllib.request")


def headers():
    key = os.environ.get(KEY_VAR)
    if not key:
        raise SystemExit(f"{KEY_VAR} is not set")
    return {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}


def post(assay, hdrs, timeout):
    ur = _client()
    body = json.dumps({**asdict(assay), "flags": assay.flags()}).encode()
    req = ur.Request(API, data=body, headers=hdrs, method="POST")
    with ur.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read().decode())


async def submit_all(paths, timeout, receipts):
    hdrs = headers()
    done = 0
    for path in paths:
        assay = Assay(**json.loads(path.read_text()))
        if assay.flags():
            log.warning("batch %s over limit: %s", assay.batch, ", ".join(assay.flags()))
        try:
            receipt = await asyncio.to_thread(post, assay, hdrs, timeout)
        except OSError as exc:
            log.error("batch %s not submitted: %s", assay.batch, exc)
            continue
        (receipts / f"{assay.batch}.receipt.json").write_text(json.dumps(receipt, indent=2))
        path.rename(path.with_suffix(".submitted"))
        done += 1
    return done


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", type=Path, default=Path("assays"))
    ap.add_argument("--receipts", type=Path, default=Path("assays/receipts"))
    ap.add_argument("--timeout", type=float, default=20.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    args.receipts.mkdir(parents=True, exist_ok=True)
    paths = sorted(args.dir.glob("*.json"))
    if not paths:
        log.info("nothing to submit")
        return
    n = asyncio.run(submit_all(paths, args.timeout, args.receipts))
    log.info("submitted %d/%d assays", n, len(paths))


if __name__ == "__main__":
    main()
