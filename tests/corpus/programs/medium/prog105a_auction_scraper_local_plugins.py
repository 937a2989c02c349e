#!/usr/bin/env python3
"""Classic car auction listing scraper.

Each auction house gets its own small parser module (parsers/<house>.py)
exposing HOUSE, START_URL and parse(html, url) -> list of lot dicts. The
scraper walks the configured houses, follows pagination and stores lots in
lots.jsonl in the current directory, de-duplicated by lot URL.

    auction_scraper.py --houses bonhams,hs_auctions --pages 5
"""
import argparse
import json
import logging
import sys
import time
import types
from pathlib import Path
from typing import Callable, Dict, Iterator, List

import requests

log = logging.getLogger("lotscrape")

PARSER_DIR = Path("parsers")
OUTPUT = Path("lots.jsonl")
HEADERS = {"User-Agent": "Mozilla/5.0 (X11; Linux x86_64) lotscrape/0.9"}


class ParserSource:
    """Where parser modules come from."""

    def __init__(self, root: Path = PARSER_DIR):
        self.root = root

    def names(self) -> List[str]:
        return sorted(p.stem for p in self.root.glob("*.py") if not p.stem.startswith("_"))

    def source(self, name: str) -> str:
        return (self.root / f"{name}.py").read_text(encoding="utf-8")


class ParserRegistry:
    def __init__(self, source: ParserSource):
        self.source = source
        self._mods: Dict[str, types.ModuleType] = {}

    def load(self, name: str) -> types.ModuleType:
        if name in self._mods:
            return self._mods[name]
        code = self.source.source(name)
        mod = types.ModuleType(f"lotscrape.parsers.{name}")
        mod.__dict__["requests"] = requests
        exec(compile(code, f"<parser {name}>", "exec"), mod.__dict__)
        for attr in ("HOUSE", "START_URL", "parse"):
            if not hasattr(mod, attr):
                raise ImportError(f"parser {name} missing {attr}")
        self._mods[name] = mod
        log.debug("loaded parser %s for %s", name, mod.HOUSE)
        return mod


def fetch(session: requests.Session, url: str, retries: int = 3) -> str:
    for attempt in range(1, retries + 1):
        try:
            r = session.get(url, headers=HEADERS, timeout=25)
            r.raise_for_status()
            return r.text
        except requests.RequestException as exc:
            log.warning("GET %s failed (%d/%d): %s", url, attempt, retries, exc)
            time.sleep(attempt * 2)
    raise RuntimeError(f"could not fetch {url}")


def crawl(mod: types.ModuleType, session: requests.Session, pages: int) -> Iterator[dict]:
    url = mod.START_URL
    next_page: Callable = getattr(mod, "next_page", lambda html, url: None)
    for n in range(pages):
        html = fetch(session, url)
        lots = mod.parse(html, url)
        log.info("%s page %d: %d lots", mod.HOUSE, n + 1, len(lots))
        for lot in lots:
            lot.setdefault("house", mod.HOUSE)
            yield lot
        url = next_page(html, url)
        if not url:
            break
        time.sleep(1.5)


def load_seen(path: Path) -> set:
    seen = set()
    if path.exists():
        with path.open() as fh:
            for line in fh:
                try:
                    seen.add(json.loads(line)["url"])
                except (ValueError, KeyError):
                    continue
    return seen


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="scrape classic car auction lots")
    ap.add_argument("--houses", help="comma list, default: all available parsers")
    ap.add_argument("--pages", type=int, default=3)
    ap.add_argument("--out", type=Path, default=OUTPUT)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    source = ParserSource()
    registry = ParserRegistry(source)
    houses = args.houses.split(",") if args.houses else source.names()
    if not houses:
        log.error("no parsers found")
        return 1

    seen = load_seen(args.out)
    session = requests.Session()
    new = 0
    with args.out.open("a") as out:
        for name in houses:
            try:
                mod = registry.load(name)
            except (OSError, ImportError, SyntaxError) as exc:
                log.error("skipping %s: %s", name, exc)
                continue
            try:
                for lot in crawl(mod, session, args.pages):
                    if lot.get("url") in seen:
                        continue
                    seen.add(lot.get("url"))
                    out.write(json.dumps(lot, ensure_ascii=False) + "\n")
                    new += 1
            except RuntimeError as exc:
                log.error("%s: %s", name, exc)
    log.info("%d new lots written to %s", new, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
