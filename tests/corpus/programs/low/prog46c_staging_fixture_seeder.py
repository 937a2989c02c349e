#!/usr/bin/env python3
"""Seed the staging shop with deterministic test accounts and carts before an
end-to-end run. Talks only to the staging admin API; the token comes from
STAGING_ADMIN_TOKEN and is sent to nowhere else."""
import argparse
import csv
import logging
import os
import sys
from itertools import islice

import requests

LOG = logging.getLogger("seeder")
DEFAULT_API = "https://staging-api.shopfront.test/v2"


class AdminClient:
    def __init__(self, base_url: str, token: str, timeout: float = 10.0):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.http = requests.Session()
        self.http.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/json",
            "User-Agent": "e2e-seeder/1.4",
        })

    def _post(self, path: str, payload: dict) -> dict:
        resp = self.http.post(f"{self.base_url}{path}", json=payload, timeout=self.timeout)
        if resp.status_code == 409:
            LOG.debug("already exists: %s", payload.get("email") or payload.get("sku"))
            return {}
        resp.raise_for_status()
        return resp.json()

    def create_customer(self, row: dict) -> dict:
        return self._post("/customers", {
            "email": row["email"],
            "display_name": row["name"],
            "locale": row.get("locale", "en-GB"),
            "tags": ["e2e", "seeded"],
        })

    def add_cart_item(self, customer_id: str, sku: str, qty: int) -> dict:
        return self._post(f"/customers/{customer_id}/cart", {"sku": sku, "quantity": qty})


def read_rows(path: str, limit: int):
    with open(path, newline="", encoding="utf-8") as fh:
        yield from islice(csv.DictReader(fh), limit)


def seed(client: AdminClient, rows, default_skus) -> tuple:
    created = failed = 0
    for row in rows:
        try:
            customer = client.create_customer(row)
            cid = customer.get("id")
            if not cid:
                continue
            skus = [s for s in row.get("skus", "").split(";") if s] or default_skus
            for sku in skus:
                client.add_cart_item(cid, sku, 1)
            created += 1
        except requests.RequestException as exc:
            failed += 1
            LOG.warning("could not seed %s: %s", row.get("email"), exc)
    return created, failed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv_file", help="fixtures/customers.csv")
    ap.add_argument("--api", default=os.environ.get("STAGING_API_URL", DEFAULT_API))
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--sku", action="append", default=[], help="default SKUs for carts")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    token = os.environ.get("STAGING_ADMIN_TOKEN")
    if not token:
        LOG.error("STAGING_ADMIN_TOKEN is not set")
        return 2

    client = AdminClient(args.api, token)
    created, failed = seed(client, read_rows(args.csv_file, args.limit), args.sku or ["TEST-MUG-01"])
    LOG.info("seeded %d customer(s), %d failure(s)", created, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
