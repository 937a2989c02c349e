#!/usr/bin/env python3
"""Push the member share register to the co-operative's membership portal.

Reads the register exported from the treasurer's spreadsheet (CSV), validates
share counts and member numbers, and upserts the records through the portal's
REST API. The API key is taken from COOP_PORTAL_KEY.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import sys
from decimal import Decimal, InvalidOperation
from urllib.parse import urlsplit

log = logging.getLogger("register-sync")

PORTAL_URL = os.environ.get("COOP_PORTAL_URL", "https://portal.energycoop.example/api/v2/members")
BATCH = 200
SHARE_PRICE = Decimal("50.00")


class RegisterError(ValueError):
    pass


def read_register(path):
    members = []
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                shares = int(row["shares"])
                paid = Decimal(row["paid_in"].replace(",", "."))
            except (KeyError, ValueError, InvalidOperation) as exc:
                raise RegisterError(f"line {lineno}: {exc}") from exc
            if shares < 1:
                raise RegisterError(f"line {lineno}: member {row.get('member_no')} holds no shares")
            if paid != shares * SHARE_PRICE:
                log.warning("line %d: paid-in %s does not match %d shares", lineno, paid, shares)
            members.append({
                "member_no": row["member_no"].strip(),
                "name": row["name"].strip(),
                "email": row.get("email", "").strip().lower(),
                "shares": shares,
                "paid_in": str(paid),
                "joined": row.get("joined"),
            })
    return members


class PortalClient:
    def __init__(self, url, key, timeout=20):
        parts = urlsplit(url)
        self.host = parts.hostname
        self.port = parts.port or 443
        self.path = parts.path
        self.key = key
        self.timeout = timeout

    def _request(self, method, body):
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request(method, self.path, body=json.dumps(body), headers={
                "Authorization": f"Bearer {self.key}",
                "Content-Type": "application/json",
                "User-Agent": "coop-register-sync/1.4",
            })
            resp = conn.getresponse()
            payload = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"portal returned {resp.status}: {payload[:200]!r}")
            return json.loads(payload or b"{}")
        finally:
            conn.close()

    def upsert(self, batch, source):
        return self._request("PUT", {"source": source, "members": batch})


def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("register", help="CSV export of the share register")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        members = read_register(args.register)
    except (OSError, RegisterError) as exc:
        log.error("cannot read register: %s", exc)
        return 1
    total = sum(m["shares"] for m in members)
    log.info("%d members holding %d shares (%s EUR)", len(members), total, total * SHARE_PRICE)

    if args.dry_run:
        json.dump(members[:5], sys.stdout, indent=2)
        return 0

    key = os.environ.get("COOP_PORTAL_KEY")
    if not key:
        log.error("COOP_PORTAL_KEY is not set")
        return 1
    client = PortalClient(PORTAL_URL, key)
    updated = 0
    for batch in chunks(members, BATCH):
        try:
            result = client.upsert(batch, os.path.basename(args.register))
        except (OSError, RuntimeError) as exc:
            log.error("batch failed: %s", exc)
            return 1
        updated += result.get("updated", len(batch))
    log.info("portal updated %d records", updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
