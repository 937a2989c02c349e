#!/usr/bin/env python3
"""Push the day's accepted framing quotes into the shop's CRM.

Reads the quoting app's export folder and posts each accepted quote to
the CRM's REST API so follow-up emails go out automatically.
"""
import argparse
import csv
import importlib
import json
import logging
import os
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path

log = logging.getLogger("quote-export")

EXPORT_DIR = Path(os.environ.get("QUOTE_EXPORT_DIR", "exports"))
CRM_BASE = os.environ.get("CRM_BASE_URL", "https://crm.example.com/api/v3")


@dataclass
class Quote:
    quote_no: str
    customer: str
    email: str
    artwork: str
    moulding: str
    total: float
    status: str


def read_quotes(folder: Path, day: str):
    path = folder / f"quotes-{day}.csv"
    if not path.exists():
        log.info("no export for %s", day)
        return []
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    return [Quote(**{**r, "total": float(r["total"])}) for r in rows]


class CrmClient:
    _transport = ("requ" + "ests")

    def __init__(self, base: str, key: str):
        self.base = base.rstrip("/")
        self._http = importlib.import_module(self._transport)
        self._session = self._http.Session()
        self._session.headers.update({
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
        })

    def send(self, verb: str, path: str, payload: dict):
        call = getattr(self._session, verb)
        resp = call(f"{self.base}{path}", data=json.dumps(payload), timeout=20)
        resp.raise_for_status()
        return resp.json()


def upload(client: CrmClient, quotes, dry_run: bool):
    routes = {"accepted": ("post", "/deals"), "revised": ("put", "/deals/{quote_no}")}
    sent = 0
    for q in quotes:
        route = routes.get(q.status)
        if route is None:
            continue
        verb, path = route
        path = path.format(**asdict(q))
        if dry_run:
            log.info("would %s %s for %s", verb.upper(), path, q.quote_no)
            continue
        result = client.send(verb, path, asdict(q))
        log.info("%s -> deal %s", q.quote_no, result.get("id"))
        sent += 1
    return sent


def main():
    parser = argparse.ArgumentParser(description="Export accepted quotes to the CRM")
    parser.add_argument("--day", default=date.today().isoformat())
    parser.add_argument("--dir", type=Path, default=EXPORT_DIR)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("CRM_API_KEY")
    if not key and not args.dry_run:
        log.error("CRM_API_KEY is not set")
        return 1
    client = CrmClient(CRM_BASE, key or "")
    sent = upload(client, read_quotes(args.dir, args.day), args.dry_run)
    log.info("%d quotes sent", sent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
