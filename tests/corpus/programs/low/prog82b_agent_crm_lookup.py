#!/usr/bin/env python3
"""Agent desktop helper: look up a caller in the CRM by phone number.

Agents type or paste the caller's number at the prompt and get a compact
customer card (name, tier, open tickets, last contact).  Results are cached
for a few minutes so repeat lookups during the same call are instant.

Environment:
    CRM_BASE_URL   e.g. https://crm.internal.example.com
    CRM_TOKEN      personal API token from the CRM profile page
"""
import argparse
import hashlib
import json
import logging
import os
import re
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("crm_lookup")

CACHE_DIR = Path(".crm_cache")
CACHE_TTL = 300
NUMBER_RE = re.compile(r"^\+?[\d\s().-]{6,20}$")


def normalise(number, default_cc="44"):
    digits = re.sub(r"[^\d+]", "", number)
    if digits.startswith("+"):
        return digits
    if digits.startswith("00"):
        return "+" + digits[2:]
    if digits.startswith("0"):
        return f"+{default_cc}{digits[1:]}"
    return "+" + digits


class CrmClient:
    def __init__(self, base_url, token, timeout=8):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Token {token}",
                                     "Accept": "application/json"})
        self.timeout = timeout

    def _cache_path(self, number):
        return CACHE_DIR / (hashlib.md5(number.encode()).hexdigest() + ".json")

    def lookup(self, number):
        path = self._cache_path(number)
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            return json.loads(path.read_text())
        resp = self.session.get(f"{self.base_url}/api/v3/contacts",
                                params={"phone": number}, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        CACHE_DIR.mkdir(exist_ok=True)
        path.write_text(json.dumps(data))
        return data


def render_card(number, data):
    contacts = data.get("results", [])
    if not contacts:
        return f"  {number}: no match in CRM"
    c = contacts[0]
    lines = [
        f"  {c.get('full_name', '?')}  ({c.get('account_tier', 'standard')})",
        f"  account  : {c.get('account_id', '-')}",
        f"  tickets  : {c.get('open_tickets', 0)} open",
        f"  last call: {c.get('last_contact_at', 'never')}",
    ]
    if len(contacts) > 1:
        lines.append(f"  (+{len(contacts) - 1} other contacts share this number)")
    return "\n".join(lines)


def prompt_loop(client, default_cc):
    print("Enter caller number (blank line or Ctrl-D to quit)")
    while True:
        try:
            raw = input("number> ").strip()
        except (EOFError, KeyboardInterrupt):
            print()
            return
        if not raw:
            return
        if not NUMBER_RE.match(raw):
            print("  that does not look like a phone number")
            continue
        number = normalise(raw, default_cc)
        try:
            print(render_card(number, client.lookup(number)))
        except requests.RequestException as exc:
            log.error("CRM lookup failed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description="CRM caller lookup for agents")
    ap.add_argument("numbers", nargs="*", help="numbers to look up (else prompt)")
    ap.add_argument("--country-code", default=os.environ.get("CRM_DEFAULT_CC", "44"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    base, token = os.environ.get("CRM_BASE_URL"), os.environ.get("CRM_TOKEN")
    if not base or not token:
        log.error("CRM_BASE_URL and CRM_TOKEN must be set")
        return 2
    client = CrmClient(base, token)

    if args.numbers:
        for raw in args.numbers:
            number = normalise(raw, args.country_code)
            try:
                print(render_card(number, client.lookup(number)))
            except requests.RequestException as exc:
                log.error("lookup %s failed: %s", number, exc)
        return 0
    prompt_loop(client, args.country_code)
    return 0


if __name__ == "__main__":
    sys.exit(main())
