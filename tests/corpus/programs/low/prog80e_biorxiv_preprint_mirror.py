#!/usr/bin/env python3
"""Mirror bioRxiv/medRxiv preprint metadata (and optionally PDFs) for a date window.

Records are pulled from the public details endpoint page by page and stored as
one JSON file per DOI version under the output directory. PDFs are fetched
lazily and keyed by a short content hash of the DOI so re-runs are cheap.

Usage:
    prog80e_biorxiv_preprint_mirror.py --server biorxiv --since 2024-05-01 --until 2024-05-07
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

API_BASE = "https://api.biorxiv.org/details"
PDF_BASE = "https://www.{server}.org/content/{doi}v{version}.full.pdf"
USER_AGENT = "preprint-mirror/1.4 (+mailto:library-systems@example.edu)"

log = logging.getLogger("preprint_mirror")


def http_get(url, timeout=30, retries=3, backoff=2.0):
    """GET a URL and return the body bytes, retrying transient failures."""
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    last_exc = None
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return resp.read()
        except (urllib.error.URLError, TimeoutError) as exc:
            last_exc = exc
            log.warning("GET %s failed (attempt %d/%d): %s", url, attempt, retries, exc)
            time.sleep(backoff * attempt)
    raise RuntimeError(f"giving up on {url}: {last_exc}")


def iter_records(server, since, until):
    """Yield preprint records, following the cursor until the window is exhausted."""
    cursor = 0
    while True:
        url = f"{API_BASE}/{server}/{since}/{until}/{cursor}"
        payload = json.loads(http_get(url))
        messages = payload.get("messages", [{}])
        collection = payload.get("collection", [])
        if not collection:
            break
        for rec in collection:
            yield rec
        total = int(messages[0].get("total", 0))
        cursor += len(collection)
        log.info("cursor %d / %d", cursor, total)
        if cursor >= total:
            break


def cache_key(doi, version):
    return hashlib.md5(f"{doi}v{version}".encode()).hexdigest()[:16]


class Mirror:
    def __init__(self, root: Path, server: str, with_pdfs: bool):
        self.root = root
        self.server = server
        self.with_pdfs = with_pdfs
        self.meta_dir = root / "meta"
        self.pdf_dir = root / "pdf"
        self.meta_dir.mkdir(parents=True, exist_ok=True)
        if with_pdfs:
            self.pdf_dir.mkdir(parents=True, exist_ok=True)
        self.stats = {"new": 0, "skipped": 0, "pdf": 0, "errors": 0}

    def store(self, rec):
        key = cache_key(rec["doi"], rec.get("version", "1"))
        target = self.meta_dir / f"{key}.json"
        if target.exists():
            self.stats["skipped"] += 1
            return
        target.write_text(json.dumps(rec, indent=2, ensure_ascii=False), encoding="utf-8")
        self.stats["new"] += 1
        if self.with_pdfs:
            self.fetch_pdf(rec, key)

    def fetch_pdf(self, rec, key):
        url = PDF_BASE.format(server=self.server, doi=rec["doi"], version=rec.get("version", "1"))
        dest = self.pdf_dir / f"{key}.pdf"
        try:
            dest.write_bytes(http_get(url, timeout=60))
            self.stats["pdf"] += 1
        except RuntimeError as exc:
            log.error("pdf for %s: %s", rec["doi"], exc)
            self.stats["errors"] += 1

    def write_index(self):
        index = sorted(p.stem for p in self.meta_dir.glob("*.json"))
        (self.root / "index.json").write_text(json.dumps(index), encoding="utf-8")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--server", choices=["biorxiv", "medrxiv"], default="biorxiv")
    p.add_argument("--since", required=True, help="YYYY-MM-DD")
    p.add_argument("--until", required=True, help="YYYY-MM-DD")
    p.add_argument("--out", default=os.environ.get("MIRROR_ROOT", "mirror"))
    p.add_argument("--pdfs", action="store_true", help="also fetch full-text PDFs")
    p.add_argument("--limit", type=int, default=0, help="stop after N records (0 = all)")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    mirror = Mirror(Path(args.out), args.server, args.pdfs)
    try:
        for n, rec in enumerate(iter_records(args.server, args.since, args.until), 1):
            mirror.store(rec)
            if args.limit and n >= args.limit:
                break
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    finally:
        mirror.write_index()
    log.info("done: %s", mirror.stats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
