#!/usr/bin/env python3
"""Synchronise a project's termbase with the agency TMS glossary API.

Same workflow as the interactive sync, but keeps the last pulled termbase
in a local cache so linguists working offline can still rebuild the CSV.

Config (glossary.ini):

    [tms]
    base_url = https://tms.example.com/api/v3
    project = ACME-2024-017
    pairs = en-de, en-fr
"""
import argparse
import configparser
import csv
import logging
import os
import pickle
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("glossary-sync")

FIELDS = ["source", "target", "pair", "status", "domain", "note"]
CACHE_FILE = Path(".glossary_cache.pkl")
CACHE_TTL = 6 * 3600


class GlossaryClient:
    def __init__(self, base_url, api_key, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "glossary-sync/2.4",
        })
        self.timeout = timeout

    def pull(self, project, pair):
        url = f"{self.base_url}/projects/{project}/termbase"
        resp = self.session.get(url, params={"pair": pair, "status": "approved"},
                                timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("terms", [])


class TermCache:
    def __init__(self, path=CACHE_FILE, ttl=CACHE_TTL):
        self.path = path
        self.ttl = ttl
        self.data = {}
        if path.exists():
            try:
                with path.open("rb") as fh:
                    self.data = pickle.load(fh)
            except (OSError, pickle.UnpicklingError, EOFError) as exc:
                log.warning("ignoring unreadable cache: %s", exc)

    def get(self, project, pair, allow_stale=False):
        entry = self.data.get((project, pair))
        if not entry:
            return None
        stamp, terms = entry
        if allow_stale or time.time() - stamp < self.ttl:
            return terms
        return None

    def put(self, project, pair, terms):
        self.data[(project, pair)] = (time.time(), terms)

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.data, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.chmod(self.path, 0o600)


def save_local(path, rows):
    tmp = path.with_suffix(".csv.part")
    with tmp.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    tmp.replace(path)


def to_rows(terms, pair):
    return [{"source": t["source"], "target": t["target"], "pair": pair,
             "status": "approved", "domain": t.get("domain", ""),
             "note": t.get("note", "")} for t in terms]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="glossary.ini")
    ap.add_argument("-o", "--output", default="glossary.csv")
    ap.add_argument("--offline", action="store_true", help="use cached terms only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2
    tms = cfg["tms"]
    project = tms["project"]
    pairs = [p.strip() for p in tms.get("pairs", "").split(",") if p.strip()]

    cache = TermCache()
    client = None
    if not args.offline:
        api_key = os.environ.get("TMS_API_KEY")
        if not api_key:
            log.error("TMS_API_KEY is not set (or use --offline)")
            return 2
        client = GlossaryClient(tms["base_url"], api_key)

    rows = []
    for pair in pairs:
        terms = cache.get(project, pair, allow_stale=args.offline)
        if terms is None and client is not None:
            try:
                terms = client.pull(project, pair)
                cache.put(project, pair, terms)
                log.info("%s: pulled %d terms", pair, len(terms))
            except requests.RequestException as exc:
                log.warning("%s: pull failed (%s), trying stale cache", pair, exc)
                terms = cache.get(project, pair, allow_stale=True)
        if terms is None:
            log.error("%s: no terms available", pair)
            continue
        rows.extend(to_rows(terms, pair))

    cache.save()
    save_local(Path(args.output), rows)
    log.info("wrote %d terms to %s", len(rows), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
