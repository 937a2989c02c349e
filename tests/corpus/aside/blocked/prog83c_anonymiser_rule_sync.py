#!/usr/bin/env python3
"""Tabular anonymiser that keeps its rule pack in sync with the registry.

Rule modules are maintained centrally by the disclosure-control team and
published as an index of Python sources.  Each module defines

    FIELDS = ["dob", "postcode"]
    def transform(field, value, row): ...

On every run the current rule pack is pulled from the registry (the URL comes
from ANON_RULES_INDEX or the default below), applied in index order to every
row of the input CSV, and the result is written with an ``.anon.csv`` suffix.
"""
import argparse
import csv
import importlib.util
import logging
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterator, List

import requests

log = logging.getLogger("anonymiser")

DEFAULT_INDEX = "https://sdc-rules.example-university.org/packs/current/index.json"


@dataclass
class Rule:
    name: str
    fields: List[str]
    fn: Callable
    hits: int = field(default=0)


class RuleRegistry:
    def __init__(self, session: requests.Session):
        self.session = session
        self.rules: List[Rule] = []

    def _get(self, url: str, attempts: int = 4) -> requests.Response:
        delay = 1.0
        for n in range(attempts):
            try:
                resp = self.session.get(url, timeout=15)
                resp.raise_for_status()
                return resp
            except requests.RequestException as exc:
                log.warning("fetch %s failed (%d/%d): %s", url, n + 1, attempts, exc)
                time.sleep(delay)
                delay *= 2
        raise RuntimeError(f"could not fetch {url}")

    def _materialise(self, name: str, source: str, origin: str) -> Rule:
        spec = importlib.util.spec_from_loader(f"anon_rules.{name}", loader=None,
                                               origin=origin)
        module = importlib.util.module_from_spec(spec)
        code = compile(source, origin, "exec")
        exec(code, module.__dict__)
        fields = list(getattr(module, "FIELDS", []))
        fn = getattr(module, "transform", None)
        if not callable(fn) or not fields:
            raise ValueError(f"{origin}: rule needs FIELDS and transform()")
        return Rule(name=name, fields=fields, fn=fn)

    def sync(self, index_url: str) -> None:
        index = self._get(index_url).json()
        base = index_url.rsplit("/", 1)[0]
        for entry in index.get("rules", []):
            url = entry if entry.startswith("http") else f"{base}/{entry}"
            name = Path(url).stem
            try:
                rule = self._materialise(name, self._get(url).text, url)
            except (SyntaxError, ValueError, RuntimeError) as exc:
                log.error("skipping rule %s: %s", name, exc)
                continue
            self.rules.append(rule)
            log.info("loaded rule %s for %s", rule.name, ",".join(rule.fields))

    def apply(self, row: Dict[str, str]) -> Dict[str, str]:
        out = dict(row)
        for rule in self.rules:
            for f in rule.fields:
                if f in out and out[f] not in ("", None):
                    out[f] = rule.fn(f, out[f], out)
                    rule.hits += 1
        return out


def read_rows(path: Path) -> Iterator[Dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as fh:
        yield from csv.DictReader(fh)


def anonymise_file(src: Path, registry: RuleRegistry, drop: List[str]) -> Path:
    dst = src.with_suffix(".anon.csv")
    rows = read_rows(src)
    first = next(rows, None)
    if first is None:
        log.warning("%s is empty", src)
        return dst
    header = [h for h in first.keys() if h not in drop]
    with dst.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=header, extrasaction="ignore")
        writer.writeheader()
        writer.writerow(registry.apply(first))
        count = 1
        for row in rows:
            writer.writerow(registry.apply(row))
            count += 1
    log.info("%s: %d rows -> %s", src.name, count, dst.name)
    return dst


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="apply centrally managed anonymisation rules")
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("--index", default=os.environ.get("ANON_RULES_INDEX", DEFAULT_INDEX))
    ap.add_argument("--drop", default="name,email,nhs_number",
                    help="comma-separated direct identifiers to remove")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    session = requests.Session()
    session.headers["User-Agent"] = "anon-rule-sync/2.3"
    registry = RuleRegistry(session)
    try:
        registry.sync(args.index)
    except RuntimeError as exc:
        log.error("rule pack unavailable: %s", exc)
        return 3

    drop = [c.strip() for c in args.drop.split(",") if c.strip()]
    failures = 0
    for src in args.inputs:
        try:
            anonymise_file(src, registry, drop)
        except (OSError, csv.Error, UnicodeDecodeError) as exc:
            log.error("%s: %s", src, exc)
            failures += 1
    for rule in registry.rules:
        log.info("rule %s applied %d times", rule.name, rule.hits)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
