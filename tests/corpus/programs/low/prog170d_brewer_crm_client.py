#!/usr/bin/env python3
"""Small client for the brewer CRM: list accounts, log contract calls, push forecast volumes."""

import argparse
import functools
import json
import logging
import os
import time
from dataclasses import dataclass, asdict
from pathlib import Path

import requests

log = logging.getLogger("brewer-crm")


def retry(times=3, backoff=1.5):
    def deco(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            delay = 1.0
            for attempt in range(1, times + 1):
                try:
                    return fn(*args, **kwargs)
                except requests.ConnectionError as exc:
                    if attempt == times:
                        raise
                    log.warning("attempt %d failed (%s), retrying", attempt, exc)
                    time.sleep(delay)
                    delay *= backoff
        return inner
    return deco


@dataclass
class CallNote:
    account_id: str
    summary: str
    varieties: list
    follow_up: str = ""


@dataclass
class Forecast:
    account_id: str
    variety: str
    crop_year: int
    kg: float


class CrmClient:
    _routes = {
        "accounts": ("get", "/v1/accounts"),
        "note": ("post", "/v1/accounts/{account_id}/notes"),
        "forecast": ("put", "/v1/accounts/{account_id}/forecast/{variety}/{crop_year}"),
    }

    def __init__(self, base_url=None, key_var="BREWER_CRM_KEY"):
        self.base_url = (base_url or os.environ.get("BREWER_CRM_URL", "https://api.brewercrm.example")).rstrip("/")
        key = os.environ.get(key_var)
        if not key:
            raise SystemExit(f"{key_var} is not set")
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": key, "Accept": "application/json"})

    @retry()
    def _send(self, route, body=None, **params):
        verb, template = self._routes[route]
        url = self.base_url + template.format(**params)
        resp = getattr(self.session, verb)(url, json=body, timeout=15)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    def accounts(self, region=None):
        data = self._send("accounts")
        items = data.get("items", [])
        return [a for a in items if region is None or a.get("region") == region]

    def log_call(self, note: CallNote):
        return self._send("note", body=asdict(note), account_id=note.account_id)

    def push_forecast(self, fc: Forecast):
        return self._send("forecast", body={"kg": fc.kg}, account_id=fc.account_id,
                          variety=fc.variety, crop_year=fc.crop_year)


def cmd_accounts(client, args):
    for acc in client.accounts(args.region):
        print(f"{acc.get('id', '?'):<10} {acc.get('name', ''):<30} {acc.get('region', '')}")


def cmd_note(client, args):
    note = CallNote(args.account, args.summary, args.varieties or [], args.follow_up or "")
    print(json.dumps(client.log_call(note), indent=2))


def cmd_forecast(client, args):
    rows = json.loads(Path(args.file).read_text())
    for row in rows:
        fc = Forecast(row["account"], row["variety"], int(row["year"]), float(row["kg"]))
        client.push_forecast(fc)
        log.info("forecast %s %s %d: %.0f kg", fc.account_id, fc.variety, fc.crop_year, fc.kg)


COMMANDS = {"accounts": cmd_accounts, "note": cmd_note, "forecast": cmd_forecast}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("accounts")
    p.add_argument("--region")
    p = sub.add_parser("note")
    p.add_argument("account")
    p.add_argument("summary")
    p.add_argument("--varieties", nargs="*")
    p.add_argument("--follow-up")
    p = sub.add_parser("forecast")
    p.add_argument("file")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    COMMANDS[args.cmd](CrmClient(), args)


if __name__ == "__main__":
    main()
