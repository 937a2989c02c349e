#!/usr/bin/env python3
"""Validate and submit pharmacy insurance claims (NCPDP-style JSON) to the clearinghouse.

Claims waiting in ./outbox/*.json are checked against the payer edit rules
before submission. Each payer has a rules module in ./rules/<bin>.py that
defines RULES, a list of callables taking a claim dict and returning an
error string or None. Clean claims are posted to the clearinghouse and moved
to ./sent; claims failing an edit go to ./rejected with the reasons attached.
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
RULES_DIR = Path("rules")
_rule_cache = {}


def load_payer_rules(bin_number):
    """Load ./rules/<bin>.py as a module and return its RULES list."""
    if bin_number in _rule_cache:
        return _rule_cache[bin_number]
    path = RULES_DIR / f"{bin_number}.py"
    if not path.exists():
        path = RULES_DIR / "default.py"
    source = path.read_text(encoding="utf-8")
    module = types.ModuleType(f"payer_rules_{bin_number}")
    module.__file__ = str(path)
    exec(compile(source, str(path), "exec"), module.__dict__)
    rules = list(getattr(module, "RULES", []))
    log.debug("loaded %d rules for BIN %s from %s", len(rules), bin_number, path)
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
        except Exception as exc:  # a broken rule should not stop the batch
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
            log.info("%s passes payer edits", path.name)
            continue
        try:
            result = client.submit(claim)
        except requests.RequestException as exc:
            log.error("%s: submission failed: %s", path.name, exc)
            continue
        log.info("%s accepted, auth %s, copay %s", path.name,
                 result.get("authorization_number"), result.get("patient_pay"))
        move(path, "sent", result)
        submitted += 1

    log.info("done: %d submitted, %d rejected", submitted, rejected)
    return 0


if __name__ == "__main__":
    sys.exit(main())
