#!/usr/bin/env python3
"""Pull daily campaign performance from the AdReport API and write a CSV.

Typical use from the reporting cron host or a laptop:

    ADREPORT_API_KEY=... ./campaign_report_pull.py --account 812-330-4471 \
        --since 2024-05-01 --until 2024-05-07 --out reports/

The API is paginated and rate limited; we honour Retry-After on 429s.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

API_BASE = os.environ.get("ADREPORT_API_BASE", "https://api.adreport.example.com/v3")
DEFAULT_FIELDS = [
    "date",
    "campaign_id",
    "campaign_name",
    "impressions",
    "clicks",
    "spend_micros",
    "conversions",
    "conversion_value",
]

log = logging.getLogger("campaign_report")


class ReportClient:
    """Thin wrapper around the /reports:search endpoint."""

    def __init__(self, api_key, base=API_BASE, timeout=30):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update(
            {
                "Authorization": f"Bearer {api_key}",
                "Content-Type": "application/json",
                "User-Agent": "campaign-report-pull/1.4",
            }
        )

    def _post(self, path, payload, retries=4):
        url = f"{self.base}{path}"
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(url, data=json.dumps(payload), timeout=self.timeout)
            except requests.RequestException as exc:
                log.warning("request failed (%s), attempt %d/%d", exc, attempt, retries)
                time.sleep(2 ** attempt)
                continue
            if resp.status_code == 429:
                wait = int(resp.headers.get("Retry-After", "5"))
                log.info("rate limited, sleeping %ss", wait)
                time.sleep(wait)
                continue
            resp.raise_for_status()
            return resp.json()
        raise RuntimeError(f"giving up on {url} after {retries} attempts")

    def iter_rows(self, account, since, until, fields):
        payload = {
            "account_id": account.replace("-", ""),
            "fields": fields,
            "date_range": {"start": since.isoformat(), "end": until.isoformat()},
            "page_size": 1000,
        }
        page = 0
        while True:
            body = self._post("/reports:search", payload)
            page += 1
            rows = body.get("rows", [])
            log.debug("page %d: %d rows", page, len(rows))
            for row in rows:
                yield row
            token = body.get("next_page_token")
            if not token:
                break
            payload["page_token"] = token


def parse_date(value):
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO date: {value!r}")


def summarise(rows):
    spend = sum(int(r.get("spend_micros", 0)) for r in rows) / 1_000_000
    clicks = sum(int(r.get("clicks", 0)) for r in rows)
    conv = sum(float(r.get("conversions", 0)) for r in rows)
    return {
        "rows": len(rows),
        "spend": round(spend, 2),
        "clicks": clicks,
        "conversions": round(conv, 2),
        "cpa": round(spend / conv, 2) if conv else None,
    }


def write_csv(rows, fields, out_dir, account, since, until):
    out_dir.mkdir(parents=True, exist_ok=True)
    name = f"campaigns_{account}_{since:%Y%m%d}_{until:%Y%m%d}.csv"
    path = out_dir / name
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--account", required=True)
    ap.add_argument("--since", type=parse_date, default=dt.date.today() - dt.timedelta(days=7))
    ap.add_argument("--until", type=parse_date, default=dt.date.today() - dt.timedelta(days=1))
    ap.add_argument("--fields", default=",".join(DEFAULT_FIELDS))
    ap.add_argument("--out", type=Path, default=Path("reports"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    api_key = os.environ.get("ADREPORT_API_KEY")
    if not api_key:
        log.error("ADREPORT_API_KEY is not set")
        return 2

    fields = [f.strip() for f in args.fields.split(",") if f.strip()]
    client = ReportClient(api_key)
    try:
        rows = list(client.iter_rows(args.account, args.since, args.until, fields))
    except (RuntimeError, requests.HTTPError) as exc:
        log.error("report failed: %s", exc)
        return 1

    path = write_csv(rows, fields, args.out, args.account, args.since, args.until)
    summary = summarise(rows)
    log.info("wrote %s (%s)", path, json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
