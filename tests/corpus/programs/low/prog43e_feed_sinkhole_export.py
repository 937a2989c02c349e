#!/usr/bin/env python3
"""Pull a public malware-domain feed and build a hosts-format sinkhole file.

The file is written into ./build for the DNS team to review; a short summary
is posted to the internal case tracker with the tracker's own API key.
"""
import argparse
import datetime as dt
import logging
import os
import re
from pathlib import Path

import requests

LOG = logging.getLogger("feed-export")
DOMAIN_RE = re.compile(r"^(?=.{4,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$")
DEFAULT_FEED = "https://urlhaus.abuse.ch/downloads/hostfile/"
TRACKER_URL = os.environ.get("CASE_TRACKER_URL", "https://tracker.internal.example/api/v2/notes")


class FeedImporter:
    def __init__(self, feed_url: str, timeout: float = 20.0):
        self.feed_url = feed_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "soc-feed-export/1.4"

    def fetch(self) -> str:
        resp = self.session.get(self.feed_url, timeout=self.timeout)
        resp.raise_for_status()
        return resp.text

    @staticmethod
    def parse(text: str, allow: set) -> list:
        domains = set()
        for line in text.splitlines():
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            host = line.split()[-1].lower().rstrip(".")
            if DOMAIN_RE.match(host) and host not in allow:
                domains.add(host)
        return sorted(domains)


def write_hosts(domains: list, out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    with out.open("w", encoding="ascii") as fh:
        fh.write(f"# sinkhole generated {stamp}, {len(domains)} entries\n")
        for d in domains:
            fh.write(f"0.0.0.0 {d}\n")
    out.chmod(0o600)


def post_summary(count: int, out: Path) -> None:
    key = os.environ.get("CASE_TRACKER_TOKEN")
    if not key:
        LOG.info("no CASE_TRACKER_TOKEN set, skipping tracker note")
        return
    body = {"title": "Sinkhole list refreshed", "entries": count, "artifact": out.name}
    r = requests.post(TRACKER_URL, json=body, timeout=15,
                      headers={"Authorization": f"Bearer {key}"})
    LOG.info("tracker responded %s", r.status_code)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--feed", default=DEFAULT_FEED)
    ap.add_argument("--allowlist", type=Path, default=Path("allowlist.txt"))
    ap.add_argument("--out", type=Path, default=Path("build/sinkhole.hosts"))
    ap.add_argument("--no-tracker", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    allow = set()
    if args.allowlist.exists():
        allow = {l.strip().lower() for l in args.allowlist.read_text().splitlines() if l.strip()}
    importer = FeedImporter(args.feed)
    try:
        domains = importer.parse(importer.fetch(), allow)
    except requests.RequestException as exc:
        LOG.error("feed download failed: %s", exc)
        raise SystemExit(1)
    write_hosts(domains, args.out)
    LOG.info("wrote %d domains to %s", len(domains), args.out)
    if not args.no_tracker:
        post_summary(len(domains), args.out)


if __name__ == "__main__":
    main()
