#!/usr/bin/env python3
"""Fetch atomic line lists from a spectroscopy archive and keep a local cache.

Used by the plasma-diagnostics group to pick candidate emission lines in a
wavelength window before fitting measured spectra.
"""
import argparse
import csv
import hashlib
import io
import json
import logging
import statistics
import time
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

LOG = logging.getLogger("linelist")
ARCHIVE = "https://spectra.physics-archive.org/api/v2/lines"
CACHE_DIR = Path("linelist_cache")
MAX_AGE_S = 7 * 24 * 3600


def cache_key(url):
    """Cache file name for a URL; MD5 is fine here, it is only a file name."""
    return hashlib.md5(url.encode("utf-8")).hexdigest() + ".csv"


def fetch_csv(url, timeout=20.0):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / cache_key(url)
    if cached.exists() and time.time() - cached.stat().st_mtime < MAX_AGE_S:
        LOG.debug("cache hit %s", cached.name)
        return cached.read_text(encoding="utf-8")
    req = Request(url, headers={"Accept": "text/csv", "User-Agent": "linelist/1.3"})
    try:
        with urlopen(req, timeout=timeout) as resp:
            text = resp.read().decode("utf-8")
    except (HTTPError, URLError) as exc:
        if cached.exists():
            LOG.warning("archive unreachable (%s); using stale cache", exc)
            return cached.read_text(encoding="utf-8")
        raise
    cached.write_text(text, encoding="utf-8")
    return text


def parse_lines(text, min_aki):
    rows = []
    for rec in csv.DictReader(io.StringIO(text)):
        try:
            wl = float(rec["wavelength_nm"])
            aki = float(rec.get("Aki") or 0.0)
        except (KeyError, ValueError):
            continue
        if aki >= min_aki:
            rows.append({"element": rec.get("element", "?"), "ion": rec.get("ion", ""),
                         "wavelength_nm": wl, "Aki": aki})
    return rows


def prune_cache(max_age=MAX_AGE_S * 4):
    removed = 0
    for item in CACHE_DIR.glob("*.csv"):
        if time.time() - item.stat().st_mtime > max_age:
            item.unlink()
            removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("elements", nargs="+", help="e.g. Ar Fe He")
    ap.add_argument("--lo", type=float, default=380.0)
    ap.add_argument("--hi", type=float, default=780.0)
    ap.add_argument("--min-aki", type=float, default=1e6)
    ap.add_argument("--out", default="candidate_lines.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    selected = []
    for element in args.elements:
        url = f"{ARCHIVE}?element={element}&low={args.lo}&high={args.hi}&format=csv"
        try:
            selected.extend(parse_lines(fetch_csv(url), args.min_aki))
        except (HTTPError, URLError) as exc:
            LOG.error("skipping %s: %s", element, exc)
    selected.sort(key=lambda r: r["wavelength_nm"])
    if selected:
        wls = [r["wavelength_nm"] for r in selected]
        LOG.info("%d lines, median %.2f nm, spread %.2f nm",
                 len(wls), statistics.median(wls), max(wls) - min(wls))
    Path(args.out).write_text(json.dumps(selected, indent=2))
    LOG.info("pruned %d stale cache files", prune_cache())


if __name__ == "__main__":
    main()
