#!/usr/bin/env python3
"""Submit trial entries from the secretary's spreadsheet to the entries API.

Reads the exported CSV, validates each entry and posts it to the society's
entries service. The API key comes from the environment and is only ever
sent to that service.
"""
import argparse
import csv
import json
import logging
import os
from dataclasses import dataclass, asdict, fields
from pathlib import Path

import requests

log = logging.getLogger("sdts.entries")

API_BASE = os.environ.get("SDTS_ENTRIES_API", "https://api.sheepdog-trials.example.com/v1")
CLASSES = {"nursery", "novice", "open", "brace"}


@dataclass
class Entry:
    trial: str
    klass: str
    handler: str
    dog: str
    reg_no: str
    member_no: str

    @classmethod
    def from_row(cls, row):
        names = {f.name for f in fields(cls)}
        data = {k: (row.get("class", "") if k == "klass" else row.get(k, "")).strip()
                for k in names}
        return cls(**data)

    def problems(self):
        out = []
        if self.klass.lower() not in CLASSES:
            out.append(f"unknown class {self.klass!r}")
        for attr in ("handler", "dog", "reg_no"):
            if not getattr(self, attr):
                out.append(f"missing {attr}")
        return out


class EntriesClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "Accept": "application/json"})

    def submit(self, entry: Entry):
        payload = asdict(entry)
        payload["class"] = payload.pop("klass").lower()
        resp = self.session.post(f"{self.base}/trials/{entry.trial}/entries",
                                 json=payload, timeout=20)
        if resp.status_code == 409:
            return "duplicate"
        resp.raise_for_status()
        return resp.json().get("entry_id", "ok")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("csv", type=Path)
    parser.add_argument("--check", action="store_true", help="validate only")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("SDTS_API_KEY")
    if not key and not args.check:
        log.error("SDTS_API_KEY is not set")
        return 2

    with args.csv.open(newline="") as fh:
        entries = [Entry.from_row(r) for r in csv.DictReader(fh)]

    bad = {i: e.problems() for i, e in enumerate(entries, 2) if e.problems()}
    for line, probs in bad.items():
        log.warning("row %d: %s", line, "; ".join(probs))
    good = [e for i, e in enumerate(entries, 2) if i not in bad]
    if args.check:
        print(json.dumps({"valid": len(good), "invalid": len(bad)}))
        return 0

    client = EntriesClient(API_BASE, key)
    outcome = {}
    for entry in good:
        try:
            result = client.submit(entry)
        except requests.RequestException as exc:
            result = f"error: {exc}"
        outcome[f"{entry.handler}/{entry.dog}"] = result
        log.info("%s & %s -> %s", entry.handler, entry.dog, result)
    Path("entries_submitted.json").write_text(json.dumps(outcome, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
