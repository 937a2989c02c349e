#!/usr/bin/env python3
"""Export gift-aid declarations from the shop till database and submit them
to the diocese gift-aid portal.

Reads the weekly donor CSV produced by the back-office PC, validates the
declarations (name, house number, postcode, date signed), writes an
HMRC-style schedule to ./exports and pushes the batch to the portal API.

Usage:
    giftaid_export.py donors.csv [--shop-code SMK01] [--dry-run]
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import re
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("giftaid")

PORTAL_URL = os.environ.get("GIFTAID_PORTAL_URL",
                            "https://giftaid.diocese-portal.example/api/v2/batches")
POSTCODE_RE = re.compile(r"^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$", re.I)
EXPORT_DIR = Path("exports")


class DeclarationError(ValueError):
    pass


def normalise_row(row):
    """Return a cleaned declaration dict or raise DeclarationError."""
    title = (row.get("title") or "").strip()
    first = (row.get("first_name") or "").strip()
    last = (row.get("last_name") or "").strip()
    house = (row.get("house") or "").strip()
    postcode = (row.get("postcode") or "").strip().upper()
    signed = (row.get("date_signed") or "").strip()
    if not first or not last:
        raise DeclarationError("missing donor name")
    if not POSTCODE_RE.match(postcode):
        raise DeclarationError(f"bad postcode {postcode!r}")
    try:
        signed_on = dt.datetime.strptime(signed, "%d/%m/%Y").date()
    except ValueError:
        raise DeclarationError(f"bad date_signed {signed!r}")
    return {
        "title": title[:4],
        "first_name": first[:35],
        "last_name": last[:35],
        "house": house[:40],
        "postcode": postcode,
        "date_signed": signed_on.isoformat(),
        "donation_pence": int(round(float(row.get("amount") or 0) * 100)),
    }


def load_declarations(path):
    good, bad = [], 0
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                good.append(normalise_row(row))
            except DeclarationError as exc:
                bad += 1
                log.warning("line %d skipped: %s", lineno, exc)
    log.info("loaded %d declarations (%d rejected)", len(good), bad)
    return good


def write_schedule(decls, shop_code):
    EXPORT_DIR.mkdir(exist_ok=True)
    stamp = dt.date.today().strftime("%Y%m%d")
    out = EXPORT_DIR / f"giftaid_{shop_code}_{stamp}.csv"
    fields = ["title", "first_name", "last_name", "house", "postcode",
              "date_signed", "donation_pence"]
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        w.writerows(decls)
    os.chmod(out, 0o600)
    log.info("schedule written to %s", out)
    return out


class PortalClient:
    def __init__(self, url, api_key, retries=3):
        self.url = url
        self.retries = retries
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "giftaid-export/1.4",
        })

    def submit(self, payload):
        last_exc = None
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.post(self.url, json=payload, timeout=30)
                if resp.status_code >= 500:
                    raise requests.HTTPError(f"server said {resp.status_code}")
                resp.raise_for_status()
                return resp.json()
            except (requests.ConnectionError, requests.HTTPError,
                    requests.Timeout) as exc:
                last_exc = exc
                log.warning("attempt %d/%d failed: %s", attempt, self.retries, exc)
                time.sleep(2 ** attempt)
        raise RuntimeError(f"portal submission failed: {last_exc}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv_file")
    ap.add_argument("--shop-code", default=os.environ.get("SHOP_CODE", "SMK01"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    decls = load_declarations(args.csv_file)
    if not decls:
        log.error("nothing to export")
        return 1
    schedule = write_schedule(decls, args.shop_code)

    if args.dry_run:
        log.info("dry run: not submitting %s", schedule)
        return 0

    api_key = os.environ.get("GIFTAID_API_KEY")
    if not api_key:
        log.error("GIFTAID_API_KEY is not set")
        return 2

    payload = {
        "shop_code": args.shop_code,
        "period_end": dt.date.today().isoformat(),
        "declarations": decls,
        "total_pence": sum(d["donation_pence"] for d in decls),
    }
    client = PortalClient(PORTAL_URL, api_key)
    try:
        result = client.submit(payload)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 3
    log.info("batch accepted: reference %s", result.get("reference", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
