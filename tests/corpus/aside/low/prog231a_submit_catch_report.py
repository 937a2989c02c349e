#!/usr/bin/env python3
"""submit_catch_report.py - submit a landing declaration to the catch API.

Turns a trip's landing CSV (columns: species, presentation, weight_kg) into
a landing declaration and posts it as JSON to the fisheries authority's
catch reporting API. The API key is taken from the CATCH_API_KEY
environment variable and sent only to that API.

Usage:
    submit_catch_report.py landing.csv --vessel LK-123 --port PHD --trip T0421
                           [--dry-run]
"""

import argparse
import csv
import json
import logging
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

import requests

API_URL = "https://api.catch.example.org/v2/landing-declarations"
VALID_PRESENTATIONS = {"WHL", "GUT", "FIL", "HEA"}

log = logging.getLogger("submit-catch")


class DeclarationError(Exception):
    pass


def read_lines(path: Path) -> list:
    lines = []
    with path.open(newline="", encoding="utf-8") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            species = (row.get("species") or "").strip().upper()
            pres = (row.get("presentation") or "WHL").strip().upper()
            try:
                weight = float(row.get("weight_kg") or "")
            except ValueError:
                raise DeclarationError(f"line {n}: weight is not a number")
            if len(species) != 3:
                raise DeclarationError(f"line {n}: species must be a 3-letter code")
            if pres not in VALID_PRESENTATIONS:
                raise DeclarationError(f"line {n}: unknown presentation {pres}")
            if weight <= 0:
                raise DeclarationError(f"line {n}: weight must be positive")
            lines.append({"species": species, "presentation": pres, "weight_kg": weight})
    if not lines:
        raise DeclarationError("no catch lines in file")
    return lines


def build_declaration(args, lines: list) -> dict:
    return {
        "vessel_id": args.vessel,
        "trip_id": args.trip,
        "landing_port": args.port,
        "declared_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "lines": lines,
        "total_kg": round(sum(l["weight_kg"] for l in lines), 1),
    }


def submit(declaration: dict, api_key: str) -> str:
    resp = requests.post(
        API_URL,
        json=declaration,
        headers={"Authorization": f"Bearer {api_key}"},
        timeout=30,
    )
    if resp.status_code == 422:
        raise DeclarationError(f"rejected by API: {resp.text[:300]}")
    resp.raise_for_status()
    return resp.json().get("receipt", "?")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", type=Path)
    ap.add_argument("--vessel", required=True)
    ap.add_argument("--port", required=True)
    ap.add_argument("--trip", required=True)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        declaration = build_declaration(args, read_lines(args.csv))
    except (OSError, DeclarationError) as exc:
        log.error("%s", exc)
        return 1
    log.info("%d line(s), %.1f kg total", len(declaration["lines"]), declaration["total_kg"])

    if args.dry_run:
        print(json.dumps(declaration, indent=2))
        return 0
    api_key = os.environ.get("CATCH_API_KEY")
    if not api_key:
        log.error("CATCH_API_KEY is not set")
        return 2
    try:
        receipt = submit(declaration, api_key)
    except (requests.RequestException, DeclarationError) as exc:
        log.error("submission failed: %s", exc)
        return 3
    log.info("declaration accepted, receipt %s", receipt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
