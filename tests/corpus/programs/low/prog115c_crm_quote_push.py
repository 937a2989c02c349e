#!/usr/bin/env python3
"""Push finished quotes from the fitter's laptop into the office CRM so the
sales team can follow them up.

Quotes are the JSON files the quoting tool writes to ./quotes/. Each one is
posted to the CRM's deals endpoint once; the CRM deal id is written back to
./quotes/pushed.json so nothing is sent twice.

    export CRM_API_KEY=...      # from the CRM, Settings > API
    python crm_quote_push.py --since 2024-11-01
"""
import argparse
import http.client
import json
import logging
import os
import sys
import time
from datetime import date, datetime
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("crmpush")

CRM_BASE = os.environ.get("CRM_BASE", "https://crm.underfoot-fitting.co.uk/api/v2")
QUOTE_DIR = Path("quotes")
LEDGER = QUOTE_DIR / "pushed.json"


class CrmClient:
    def __init__(self, base, api_key, timeout=20):
        parts = urlsplit(base)
        self.host = parts.netloc
        self.prefix = parts.path.rstrip("/")
        self.timeout = timeout
        self.headers = {
            "Authorization": f"Token {api_key}",
            "Content-Type": "application/json",
            "Accept": "application/json",
            "User-Agent": "crm-quote-push/0.9",
        }

    def _request(self, method, path, payload=None):
        body = json.dumps(payload) if payload is not None else None
        for attempt in range(4):
            conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
            try:
                conn.request(method, self.prefix + path, body=body, headers=self.headers)
                resp = conn.getresponse()
                data = resp.read()
            except (OSError, http.client.HTTPException) as exc:
                log.warning("%s %s: %s (attempt %d)", method, path, exc, attempt + 1)
                time.sleep(2 ** attempt)
                continue
            finally:
                conn.close()
            if resp.status == 429:
                time.sleep(int(resp.getheader("Retry-After", "5")))
                continue
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
            return json.loads(data) if data else {}
        raise RuntimeError(f"{method} {path}: gave up after retries")

    def find_deal(self, quote_ref):
        res = self._request("GET", f"/deals?external_ref={quote_ref}")
        items = res.get("data") or []
        return items[0]["id"] if items else None

    def create_deal(self, quote):
        payload = {
            "title": f"{quote['customer']['name']} - {quote['summary']}",
            "value": quote["total_inc_vat"],
            "currency": "GBP",
            "external_ref": quote["ref"],
            "contact": {
                "name": quote["customer"]["name"],
                "phone": quote["customer"].get("phone"),
                "email": quote["customer"].get("email"),
                "postcode": quote["customer"].get("postcode"),
            },
            "custom": {"fitter": quote.get("fitter"), "rooms": len(quote.get("rooms", []))},
            "stage": "quoted",
        }
        return self._request("POST", "/deals", payload)["data"]["id"]


def load_ledger():
    try:
        return json.loads(LEDGER.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def pending_quotes(ledger, since):
    for path in sorted(QUOTE_DIR.glob("Q*.json")):
        try:
            quote = json.loads(path.read_text())
        except json.JSONDecodeError:
            log.warning("unreadable quote %s", path.name)
            continue
        if quote.get("ref") in ledger:
            continue
        issued = datetime.fromisoformat(quote.get("issued", "1970-01-01")).date()
        if since and issued < since:
            continue
        yield path, quote


def main():
    ap = argparse.ArgumentParser(description="Push quotes into the CRM")
    ap.add_argument("--since", type=date.fromisoformat)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("CRM_API_KEY")
    if not key:
        log.error("CRM_API_KEY is not set")
        return 2
    client = CrmClient(CRM_BASE, key)
    ledger = load_ledger()
    pushed = 0
    for path, quote in pending_quotes(ledger, args.since):
        if args.dry_run:
            log.info("would push %s (%s)", quote["ref"], path.name)
            continue
        try:
            deal = client.find_deal(quote["ref"]) or client.create_deal(quote)
        except (RuntimeError, KeyError) as exc:
            log.error("%s: %s", path.name, exc)
            continue
        ledger[quote["ref"]] = deal
        LEDGER.write_text(json.dumps(ledger, indent=1))
        pushed += 1
        log.info("%s -> deal %s", quote["ref"], deal)
    log.info("%d quote(s) pushed", pushed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
