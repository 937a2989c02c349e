#!/usr/bin/env python3
"""Compile text-expander snippet packs into a single match table.

Reads every ``*.yml`` file under ./snippets, validates triggers, expands a
small set of date placeholders at expansion time (not here), and writes the
merged table to ./build/matches.json.  A content hash per pack lets us skip
packs that did not change since the last run.
"""
import argparse
import hashlib
import json
import logging
import re
import sys
from pathlib import Path

import yaml

log = logging.getLogger("snipc")

TRIGGER_RE = re.compile(r"^[:;/][a-z0-9_\-]{1,31}$")
PLACEHOLDERS = {"{date}", "{time}", "{clipboard}", "{cursor}"}


class PackError(Exception):
    pass


class SnippetPack:
    def __init__(self, path: Path):
        self.path = path
        self.raw = path.read_bytes()
        self.digest = hashlib.md5(self.raw).hexdigest()  # cache key only
        self.entries = []

    def parse(self):
        doc = yaml.safe_load(self.raw.decode("utf-8")) or {}
        if not isinstance(doc, dict) or "matches" not in doc:
            raise PackError(f"{self.path.name}: missing 'matches' list")
        for i, item in enumerate(doc["matches"]):
            trig = str(item.get("trigger", "")).strip()
            text = item.get("replace")
            if not TRIGGER_RE.match(trig):
                raise PackError(f"{self.path.name}#{i}: bad trigger {trig!r}")
            if not isinstance(text, str):
                raise PackError(f"{self.path.name}#{i}: replace must be text")
            unknown = set(re.findall(r"\{[a-z]+\}", text)) - PLACEHOLDERS
            if unknown:
                log.warning("%s: unknown placeholders %s", trig, sorted(unknown))
            self.entries.append({"trigger": trig, "replace": text,
                                 "word": bool(item.get("word", False))})
        return self


def load_cache(cache_file: Path) -> dict:
    try:
        return json.loads(cache_file.read_text())
    except (OSError, ValueError):
        return {}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--src", default="snippets")
    ap.add_argument("--out", default="build")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    src, out = Path(args.src), Path(args.out)
    out.mkdir(exist_ok=True)
    cache_file = out / ".pack-hashes.json"
    cache = {} if args.force else load_cache(cache_file)
    table_file = out / "matches.json"
    table = json.loads(table_file.read_text()) if table_file.exists() and not args.force else {}

    errors = 0
    for path in sorted(src.glob("*.yml")):
        try:
            pack = SnippetPack(path)
            if cache.get(path.name) == pack.digest:
                log.debug("unchanged: %s", path.name)
                continue
            pack.parse()
        except (PackError, yaml.YAMLError) as exc:
            log.error("%s", exc)
            errors += 1
            continue
        table[path.stem] = pack.entries
        cache[path.name] = pack.digest
        log.info("compiled %s (%d snippets)", path.name, len(pack.entries))

    seen = {}
    for pack_name, entries in table.items():
        for e in entries:
            if e["trigger"] in seen:
                log.warning("trigger %s in %s shadows %s", e["trigger"],
                            pack_name, seen[e["trigger"]])
            seen[e["trigger"]] = pack_name

    table_file.write_text(json.dumps(table, indent=2, sort_keys=True))
    cache_file.write_text(json.dumps(cache))
    log.info("%d triggers written to %s", len(seen), table_file)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
