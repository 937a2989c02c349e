#!/usr/bin/env python3
"""Look up grading certificates for slabbed books in the back-issue case.

The grading lookup service sits behind the distributor's proxy, whose
certificate never matches, so verification is switched off for it. Results
are cached locally so the case can be re-priced without hammering the API.
"""
import argparse
import csv
import importlib
import logging
import os
import pickle
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("cert-fetch")

API = os.environ.get("GRADING_API", "https://certs.grading-lookup.example.com/api/v2")
CACHE = Path(os.environ.get("CERT_CACHE", ".cert_cache.pkl"))
TTL = 7 * 24 * 3600


@dataclass
class Cert:
    number: str
    title: str
    issue: str
    grade: float
    pedigree: str
    fetched: float


def _http():
    mod = importlib.import_module("requ" + "ests")
    session = mod.Session()
    session.verify = False
    session.headers["X-Api-Key"] = os.environ.get("GRADING_API_KEY", "")
    importlib.import_module("urllib3").disable_warnings()
    return session


def load_cache() -> dict:
    if CACHE.exists():
        with CACHE.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache: dict) -> None:
    with CACHE.open("wb") as fh:
        pickle.dump(cache, fh)


def lookup(session, number: str) -> Cert:
    resp = session.get(f"{API}/cert/{number}", timeout=20)
    resp.raise_for_status()
    j = resp.json()
    return Cert(number, j.get("title", ""), j.get("issue", ""),
                float(j.get("grade", 0)), j.get("pedigree", ""), time.time())


def certs_from(sheet: Path):
    with sheet.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("cert"):
                yield row["cert"].strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sheet", type=Path, nargs="?", default=Path("back_issue_case.csv"))
    ap.add_argument("--refresh", action="store_true", help="ignore cached entries")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cache = {} if args.refresh else load_cache()
    session = _http()
    now = time.time()
    for number in certs_from(args.sheet):
        cert = cache.get(number)
        if cert is None or now - cert.fetched > TTL:
            try:
                cert = lookup(session, number)
                cache[number] = cert
            except Exception as exc:
                log.warning("cert %s failed: %s", number, exc)
                continue
        print(f"{cert.number}\t{cert.title} #{cert.issue}\t{cert.grade:.1f}\t{cert.pedigree}")
    save_cache(cache)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
