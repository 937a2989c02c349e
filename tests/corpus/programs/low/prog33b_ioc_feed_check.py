#!/usr/bin/env python3
"""Match collected evidence against a threat-intel hash feed.

1. Download the current IOC list (SHA-256 hashes + family names).
2. Hash every file under the evidence folder of the case.
3. Report matches to the case-management API so the ticket is updated.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

import requests

LOGGER = logging.getLogger("iocmatch")
FEED_URL = "https://intel.example-soc.net/feeds/sha256-latest.json"
CASE_API = "https://cases.example-soc.net/api/v2"


@dataclass
class Match:
    path: str
    sha256: str
    family: str
    source: str


def fetch_feed(url: str, timeout: float) -> dict:
    LOGGER.info("fetching IOC feed %s", url)
    resp = requests.get(url, timeout=timeout, headers={"Accept": "application/json"})
    resp.raise_for_status()
    payload = resp.json()
    indicators = {}
    for item in payload.get("indicators", []):
        digest = item.get("sha256", "").lower()
        if len(digest) == 64:
            indicators[digest] = (item.get("family", "unknown"), item.get("source", "feed"))
    LOGGER.info("feed contains %d usable hashes", len(indicators))
    return indicators


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def scan(evidence: Path, indicators: dict, max_size: int):
    matches, scanned = [], 0
    for path in evidence.rglob("*"):
        if not path.is_file() or path.stat().st_size > max_size:
            continue
        scanned += 1
        try:
            digest = sha256_of(path)
        except PermissionError:
            LOGGER.warning("unreadable: %s", path)
            continue
        hit = indicators.get(digest)
        if hit:
            family, source = hit
            matches.append(Match(str(path.relative_to(evidence)), digest, family, source))
            LOGGER.warning("IOC hit %s -> %s", path, family)
    return matches, scanned


def report_to_case(case_id: str, matches, scanned: int, timeout: float) -> None:
    token = os.environ.get("CASE_API_TOKEN")
    if not token:
        LOGGER.info("CASE_API_TOKEN not set; skipping case update")
        return
    body = {
        "case": case_id,
        "scanned_files": scanned,
        "matches": [asdict(m) for m in matches],
    }
    resp = requests.post(
        f"{CASE_API}/cases/{case_id}/findings",
        json=body,
        headers={"Authorization": f"Bearer {token}"},
        timeout=timeout,
    )
    if resp.status_code >= 400:
        LOGGER.error("case API refused update: %s %s", resp.status_code, resp.text[:200])
    else:
        LOGGER.info("case %s updated (%d matches)", case_id, len(matches))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    ap.add_argument("case_id")
    ap.add_argument("--evidence", type=Path, default=Path("evidence"))
    ap.add_argument("--feed", default=FEED_URL)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--max-size", type=int, default=256 * 1024 * 1024)
    ap.add_argument("--json", action="store_true", help="also print matches as JSON")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    try:
        indicators = fetch_feed(args.feed, args.timeout)
    except (requests.RequestException, ValueError) as exc:
        LOGGER.error("could not load feed: %s", exc)
        return 3

    matches, scanned = scan(args.evidence, indicators, args.max_size)
    print(f"scanned {scanned} files, {len(matches)} matched the feed")
    if args.json:
        print(json.dumps([asdict(m) for m in matches], indent=2))
    try:
        report_to_case(args.case_id, matches, scanned, args.timeout)
    except requests.RequestException as exc:
        LOGGER.error("case update failed: %s", exc)
    return 1 if matches else 0


if __name__ == "__main__":
    sys.exit(main())
