#!/usr/bin/env python3
"""Month-to-date Azure cost report per resource group and service.

Queries the Cost Management API for one or more subscriptions and writes a
CSV plus a short console summary. Authentication uses a bearer token from
AZURE_ACCESS_TOKEN, e.g.

    export AZURE_ACCESS_TOKEN=$(az account get-access-token --query accessToken -o tsv)
    azure_cost_report.py --subscription 0000-... --out costs.csv
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sys
import time
from collections import defaultdict

import requests

LOG = logging.getLogger("azure-cost")

API = "https://management.azure.com"
API_VERSION = "2023-03-01"


def query_body(start, end, group_by):
    return {
        "type": "ActualCost",
        "timeframe": "Custom",
        "timePeriod": {"from": start.isoformat(), "to": end.isoformat()},
        "dataset": {
            "granularity": "None",
            "aggregation": {"totalCost": {"name": "PreTaxCost", "function": "Sum"}},
            "grouping": [{"type": "Dimension", "name": g} for g in group_by],
        },
    }


class CostClient:
    def __init__(self, token, timeout=60):
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}",
                                     "Content-Type": "application/json"})
        self.timeout = timeout

    def query(self, subscription, body):
        url = f"{API}/subscriptions/{subscription}/providers/Microsoft.CostManagement/query"
        params = {"api-version": API_VERSION}
        rows, columns = [], None
        while url:
            for attempt in range(5):
                resp = self.session.post(url, params=params, json=body, timeout=self.timeout)
                if resp.status_code != 429:
                    break
                wait = int(resp.headers.get("x-ms-ratelimit-microsoft.costmanagement-entity-retry-after", 10))
                LOG.info("throttled, sleeping %ds", wait)
                time.sleep(wait)
            resp.raise_for_status()
            props = resp.json()["properties"]
            columns = columns or [c["name"] for c in props["columns"]]
            rows.extend(props.get("rows", []))
            url, params = props.get("nextLink"), None
        return columns, rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--subscription", action="append", required=True)
    ap.add_argument("--group-by", action="append", default=None,
                    help="dimension(s), default ResourceGroupName and ServiceName")
    ap.add_argument("--out", default="azure-costs.csv")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("AZURE_ACCESS_TOKEN")
    if not token:
        LOG.error("AZURE_ACCESS_TOKEN is not set")
        return 2

    group_by = args.group_by or ["ResourceGroupName", "ServiceName"]
    today = dt.date.today()
    body = query_body(today.replace(day=1), today, group_by)
    client = CostClient(token)

    totals = defaultdict(float)
    with open(args.out, "w", newline="") as fh:
        writer = csv.writer(fh)
        header_written = False
        for sub in args.subscription:
            try:
                columns, rows = client.query(sub, body)
            except requests.RequestException as exc:
                LOG.error("%s: %s", sub, exc)
                continue
            if not header_written:
                writer.writerow(["subscription", *columns])
                header_written = True
            cost_idx = columns.index("PreTaxCost")
            for row in rows:
                writer.writerow([sub, *row])
                key = " / ".join(str(row[columns.index(g)]) for g in group_by if g in columns)
                totals[key] += float(row[cost_idx])

    grand = sum(totals.values())
    print(f"Month-to-date cost ({today:%Y-%m}): {grand:,.2f}")
    for key, cost in sorted(totals.items(), key=lambda kv: kv[1], reverse=True)[:args.top]:
        print(f"  {cost:>12,.2f}  {key}")
    LOG.info("wrote %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
