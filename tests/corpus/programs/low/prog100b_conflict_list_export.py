#!/usr/bin/env python3
"""Build the local conflict-check index used by the intake desk.

Pulls every party (clients, adverse parties, related entities) from the
practice-management export in ./conflicts.db, merges the day's additions
from the firm's conflicts service, normalises names so "Acme Holdings, L.L.C."
and "ACME HOLDINGS LLC" collide, and writes:

  cache/conflict_index.json   name-key -> list of matter hits
  exports/conflict_list.csv   flat list for the weekly partner review
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import re
import sqlite3
import sys
import unicodedata
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path

import httpx

log = logging.getLogger("conflicts")

ENTITY_SUFFIXES = re.compile(
    r"\b(l\.?l\.?c|inc|corp(oration)?|co|ltd|l\.?l\.?p|p\.?c|plc|gmbh|s\.?a)\b\.?", re.I)
PARTY_QUERY = """
    SELECT p.name, p.role, m.matter_no, m.client_name, m.opened_on
      FROM parties p JOIN matters m ON m.id = p.matter_id
     WHERE m.status IN ('open', 'closed') AND p.name IS NOT NULL
"""


def normalise(name: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    text = ENTITY_SUFFIXES.sub(" ", text.lower())
    text = re.sub(r"[^a-z0-9 ]+", " ", text)
    return " ".join(text.split())


def cache_key(normalised: str) -> str:
    return hashlib.md5(normalised.encode("utf-8")).hexdigest()


def local_parties(db_path: Path):
    with sqlite3.connect(db_path) as db:
        for name, role, matter_no, client, opened in db.execute(PARTY_QUERY):
            yield {"name": name, "role": role, "matter": matter_no,
                   "client": client, "opened": opened, "source": "pms"}


def remote_additions(base_url: str, token: str, since: date):
    headers = {"Authorization": f"Bearer {token}"}
    params = {"since": since.isoformat(), "page": 1}
    with httpx.Client(base_url=base_url, headers=headers, timeout=30.0) as client:
        while True:
            resp = client.get("/v1/parties", params=params)
            resp.raise_for_status()
            body = resp.json()
            for item in body.get("items", []):
                item["source"] = "service"
                yield item
            if not body.get("next_page"):
                break
            params["page"] = body["next_page"]


def build_index(records):
    index = defaultdict(list)
    for rec in records:
        norm = normalise(rec["name"])
        if not norm:
            continue
        index[cache_key(norm)].append({
            "display": rec["name"], "normalised": norm, "role": rec.get("role"),
            "matter": rec.get("matter"), "client": rec.get("client"), "source": rec["source"],
        })
    return index


def write_outputs(index: dict, cache_dir: Path, export_dir: Path) -> None:
    cache_dir.mkdir(exist_ok=True)
    export_dir.mkdir(exist_ok=True)
    tmp = cache_dir / "conflict_index.json.part"
    tmp.write_text(json.dumps(index, indent=1, sort_keys=True), encoding="utf-8")
    tmp.replace(cache_dir / "conflict_index.json")
    with (export_dir / "conflict_list.csv").open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["key", "party", "role", "matter", "client", "source"])
        for key, hits in sorted(index.items()):
            for h in hits:
                w.writerow([key, h["display"], h["role"], h["matter"], h["client"], h["source"]])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Rebuild the conflict-check index")
    ap.add_argument("--db", type=Path, default=Path("conflicts.db"))
    ap.add_argument("--service", default=os.environ.get("CONFLICTS_API", ""))
    ap.add_argument("--days", type=int, default=2, help="how far back to pull service additions")
    ap.add_argument("--clear-cache", action="store_true", help="remove the old index first")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache_dir = Path("cache")
    if args.clear_cache and cache_dir.exists():
        for old in cache_dir.glob("conflict_index*"):
            old.unlink()

    records = list(local_parties(args.db))
    log.info("%d parties from %s", len(records), args.db)
    token = os.environ.get("CONFLICTS_API_TOKEN")
    if args.service and token:
        try:
            extra = list(remote_additions(args.service, token, date.today() - timedelta(days=args.days)))
            records.extend(extra)
            log.info("%d additions from conflicts service", len(extra))
        except httpx.HTTPError as exc:
            log.warning("conflicts service unavailable, using local data only: %s", exc)

    index = build_index(records)
    write_outputs(index, cache_dir, Path("exports"))
    log.info("index holds %d distinct names", len(index))
    return 0


if __name__ == "__main__":
    sys.exit(main())
