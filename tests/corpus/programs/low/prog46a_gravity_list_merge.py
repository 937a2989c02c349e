#!/usr/bin/env python3
"""Merge several DNS-sinkhole blocklists into one deduplicated hosts file.

The merged output is written into ./build/ so it can be reviewed and copied
onto the sinkhole box by hand.  Downloads are cached under ./.cache/ keyed by
an MD5 of the source URL so repeated runs don't hammer the list maintainers.
"""
import argparse
import hashlib
import json
import logging
import re
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("gravity-merge")

DEFAULT_SOURCES = [
    "https://raw.githubusercontent.com/StevenBlack/hosts/master/hosts",
    "https://v.firebog.net/hosts/AdguardDNS.txt",
    "https://v.firebog.net/hosts/Easyprivacy.txt",
]
DOMAIN_RE = re.compile(r"^(?:0\.0\.0\.0|127\.0\.0\.1)?\s*([a-z0-9][a-z0-9.-]+\.[a-z]{2,})\s*$", re.I)
CACHE_DIR = Path(".cache") / "lists"
BUILD_DIR = Path("build")


def cache_path_for(url: str) -> Path:
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}.txt"


def fetch_list(url: str, max_age: int, timeout: float) -> str:
    cached = cache_path_for(url)
    if cached.exists() and time.time() - cached.stat().st_mtime < max_age:
        LOG.debug("cache hit for %s", url)
        return cached.read_text(encoding="utf-8", errors="replace")
    LOG.info("downloading %s", url)
    req = urllib.request.Request(url, headers={"User-Agent": "gravity-merge/1.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = resp.read().decode("utf-8", errors="replace")
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_text(body, encoding="utf-8")
    return body


def parse_domains(text: str, allow: set) -> set:
    found = set()
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = DOMAIN_RE.match(line)
        if m:
            dom = m.group(1).lower().rstrip(".")
            if dom not in allow and dom != "localhost":
                found.add(dom)
    return found


def load_allowlist(path: Path) -> set:
    if not path.exists():
        return set()
    return {l.strip().lower() for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sources", type=Path, help="JSON file with a list of URLs")
    ap.add_argument("--allowlist", type=Path, default=Path("allowlist.txt"))
    ap.add_argument("--max-age", type=int, default=6 * 3600)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    sources = DEFAULT_SOURCES
    if args.sources:
        sources = json.loads(args.sources.read_text())
    allow = load_allowlist(args.allowlist)

    merged, stats = set(), {}
    for url in sources:
        try:
            domains = parse_domains(fetch_list(url, args.max_age, args.timeout), allow)
        except OSError as exc:
            LOG.warning("skipping %s: %s", url, exc)
            continue
        stats[url] = len(domains)
        merged |= domains

    BUILD_DIR.mkdir(exist_ok=True)
    out = BUILD_DIR / "gravity_merged.hosts"
    with out.open("w", encoding="utf-8") as fh:
        fh.write(f"# merged {len(merged)} domains from {len(stats)} lists\n")
        for dom in sorted(merged):
            fh.write(f"0.0.0.0 {dom}\n")
    (BUILD_DIR / "gravity_stats.json").write_text(json.dumps(stats, indent=2))
    LOG.info("wrote %s (%d domains)", out, len(merged))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
