#!/usr/bin/env python3
"""Enrich a CSV of inbound leads with company firmographics.

Reads leads exported from the CRM (email, first_name, last_name, company),
sends them in batches to the Prospectly enrichment API and writes a new CSV
with industry, headcount band, HQ country and LinkedIn company URL added.

Config lives in enrich.toml next to the script; the API key comes from
PROSPECTLY_API_KEY.
"""
import argparse
import csv
import logging
import os
import sys
import time
import tomllib
from pathlib import Path

import requests

log = logging.getLogger("enrich")

DEFAULTS = {
    "api_url": "https://api.prospectly.example.com/v1/enrich/batch",
    "batch_size": 50,
    "max_retries": 4,
    "fields": ["industry", "headcount_band", "hq_country", "linkedin_company"],
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path.exists():
        with path.open("rb") as fh:
            cfg.update(tomllib.load(fh).get("enrich", {}))
        log.debug("config from %s", path)
    return cfg


def batches(rows, size):
    batch = []
    for row in rows:
        email = (row.get("email") or "").strip().lower()
        if "@" not in email:
            continue
        batch.append(row)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


class EnrichmentClient:
    def __init__(self, cfg, api_key):
        self.cfg = cfg
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "lead-enrich/3.2",
        })

    def enrich(self, batch):
        payload = {
            "records": [
                {"email": r["email"].strip().lower(), "company": r.get("company", "")}
                for r in batch
            ],
            "fields": self.cfg["fields"],
        }
        for attempt in range(1, self.cfg["max_retries"] + 1):
            try:
                resp = self.session.post(self.cfg["api_url"], json=payload, timeout=30)
            except requests.RequestException as exc:
                log.warning("network error (attempt %d): %s", attempt, exc)
                time.sleep(2 * attempt)
                continue
            if resp.status_code == 429:
                wait = int(resp.headers.get("Retry-After", 5 * attempt))
                log.info("rate limited, sleeping %ds", wait)
                time.sleep(wait)
                continue
            resp.raise_for_status()
            return {m["email"]: m for m in resp.json().get("matches", [])}
        raise RuntimeError("enrichment API kept failing; giving up")


def main():
    ap = argparse.ArgumentParser(description="enrich CRM leads")
    ap.add_argument("input")
    ap.add_argument("-o", "--output", default="leads_enriched.csv")
    ap.add_argument("--config", type=Path, default=Path(__file__).with_name("enrich.toml"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("PROSPECTLY_API_KEY")
    if not api_key:
        log.error("set PROSPECTLY_API_KEY")
        return 2
    cfg = load_config(args.config)
    client = EnrichmentClient(cfg, api_key)

    with open(args.input, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    if not rows:
        log.warning("no leads in %s", args.input)
        return 0

    fieldnames = list(rows[0].keys()) + [f for f in cfg["fields"] if f not in rows[0]]
    matched = 0
    with open(args.output, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=fieldnames, extrasaction="ignore")
        writer.writeheader()
        for batch in batches(rows, cfg["batch_size"]):
            found = client.enrich(batch)
            for row in batch:
                extra = found.get(row["email"].strip().lower())
                if extra:
                    matched += 1
                    row.update({f: extra.get(f, "") for f in cfg["fields"]})
                writer.writerow(row)
            log.info("batch done: %d/%d matched so far", matched, len(rows))
    log.info("wrote %s (%d of %d leads enriched)", args.output, matched, len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
