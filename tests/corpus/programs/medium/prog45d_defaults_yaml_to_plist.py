#!/usr/bin/env python3
"""Compile dotfile-style YAML descriptions of macOS ``defaults`` domains
into binary .plist files that a Mac can later import.

We keep our macOS preferences in the same git repo as our Linux dotfiles;
this runs on the Linux side and writes the results to ./out/plists.

Example input (prefs/dock.yaml):

    domain: com.apple.dock
    values:
      autohide: true
      tilesize: 42
      persistent-apps: []
"""
import argparse
import datetime
import logging
import plistlib
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("defaults2plist")
PLIST_FORMATS = {"binary": plistlib.FMT_BINARY, "xml": plistlib.FMT_XML}


class DomainSpec:
    def __init__(self, source: Path, domain: str, values: dict):
        self.source = source
        self.domain = domain
        self.values = values

    @classmethod
    def from_file(cls, path: Path) -> "DomainSpec":
        with open(path, "r", encoding="utf-8") as stream:
            # full loader so that !!timestamp and !!binary tags come through
            doc = yaml.load(stream, Loader=yaml.Loader)
        if not isinstance(doc, dict) or "domain" not in doc:
            raise ValueError(f"{path}: expected a mapping with a 'domain' key")
        return cls(path, doc["domain"], doc.get("values") or {})


def normalise(value):
    """plistlib only understands a subset of Python types."""
    if isinstance(value, dict):
        return {str(k): normalise(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [normalise(v) for v in value]
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return datetime.datetime(value.year, value.month, value.day)
    if value is None:
        return ""
    return value


def compile_spec(spec: DomainSpec, outdir: Path, fmt: str) -> Path:
    target = outdir / f"{spec.domain}.plist"
    payload = normalise(spec.values)
    with open(target, "wb") as fh:
        plistlib.dump(payload, fh, fmt=PLIST_FORMATS[fmt], sort_keys=True)
    return target


def main() -> int:
    ap = argparse.ArgumentParser(description="YAML -> macOS defaults plists")
    ap.add_argument("sources", nargs="*", type=Path,
                    help="YAML files (default: prefs/*.yaml)")
    ap.add_argument("--out", type=Path, default=Path("out/plists"))
    ap.add_argument("--format", choices=sorted(PLIST_FORMATS), default="binary")
    ap.add_argument("--strict", action="store_true", help="stop at first error")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    sources = args.sources or sorted(Path("prefs").glob("*.yaml"))
    if not sources:
        LOG.error("no YAML sources found")
        return 1
    args.out.mkdir(parents=True, exist_ok=True)

    failures = 0
    for src in sources:
        try:
            spec = DomainSpec.from_file(src)
            target = compile_spec(spec, args.out, args.format)
        except (OSError, ValueError, TypeError, yaml.YAMLError) as exc:
            failures += 1
            LOG.error("%s: %s", src, exc)
            if args.strict:
                return 1
            continue
        LOG.info("%-40s -> %s (%d keys)", spec.domain, target, len(spec.values))

    LOG.info("done: %d ok, %d failed", len(sources) - failures, failures)
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
