#!/usr/bin/env python3
"""Tabular anonymiser with pluggable rule modules.

Each rule module is a small Python file in the rules directory that defines

    FIELDS = ["dob", "postcode"]
    def transform(field, value, row): ...

Rules are applied in filename order to every row of the input CSV and the
result is written next to it with an ``.anon.csv`` suffix.  This lets each
study team ship its own generalisation logic without touching the core tool.
"""
import argparse
import csv
import importlib.util
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterator, List

log = logging.getLogger("anonymiser")


@dataclass
class Rule:
    name: str
    fields: List[str]
    fn: Callable
    hits: int = field(default=0)


class RuleRegistry:
    def __init__(self):
        self.rules: List[Rule] = []

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

    def load_dir(self, directory: Path) -> None:
        for path in sorted(directory.glob("*.py")):
            if path.name.startswith("_"):
                continue
            try:
                rule = self._materialise(path.stem, path.read_text(), str(path))
            except (SyntaxError, ValueError) as exc:
                log.error("skipping rule %s: %s", path.name, exc)
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
    ap = argparse.ArgumentParser(description="apply anonymisation rules to CSV extracts")
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("--rules", type=Path, default=Path("rules"))
    ap.add_argument("--drop", default="name,email,nhs_number",
                    help="comma-separated direct identifiers to remove")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    registry = RuleRegistry()
    if args.rules.is_dir():
        registry.load_dir(args.rules)
    else:
        log.warning("rules directory %s not found; only dropping columns", args.rules)

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
