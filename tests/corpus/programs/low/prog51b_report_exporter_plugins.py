#!/usr/bin/env python3
"""Render metric snapshots from ./data into reports using pluggable exporters."""
import argparse
import csv
import hashlib
import json
import logging
import os
import shutil
from pathlib import Path

log = logging.getLogger("reports")

CACHE_DIR = Path(".report_cache")
OUT_DIR = Path("reports")


class Exporter:
    """Base class; subclasses register themselves by their file suffix."""
    registry = {}
    suffix = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.suffix:
            Exporter.registry[cls.suffix] = cls

    def __init__(self, out_dir):
        self.out_dir = out_dir

    def target(self, name):
        return self.out_dir / f"{name}{self.suffix}"

    def export(self, name, rows):
        raise NotImplementedError


class CsvExporter(Exporter):
    suffix = ".csv"

    def export(self, name, rows):
        path = self.target(name)
        with path.open("w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=sorted(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        return path


class JsonExporter(Exporter):
    suffix = ".json"

    def export(self, name, rows):
        path = self.target(name)
        path.write_text(json.dumps(rows, indent=2))
        return path


class MarkdownExporter(Exporter):
    suffix = ".md"

    def export(self, name, rows):
        cols = sorted(rows[0])
        lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
        lines += ["| " + " | ".join(str(r.get(c, "")) for c in cols) + " |" for r in rows]
        path = self.target(name)
        path.write_text("\n".join(lines) + "\n")
        return path


def cache_key(raw: bytes, fmt: str) -> str:
    return hashlib.md5(raw + fmt.encode()).hexdigest()


def process(source: Path, fmt: str) -> None:
    raw = source.read_bytes()
    marker = CACHE_DIR / cache_key(raw, fmt)
    if marker.exists():
        log.info("unchanged: %s", source.name)
        return
    rows = json.loads(raw)
    if not rows:
        log.warning("empty snapshot %s", source)
        return
    exporter = Exporter.registry[fmt](OUT_DIR)
    path = exporter.export(source.stem, rows)
    os.chmod(path, 0o600)
    marker.touch()
    log.info("wrote %s", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--format", choices=sorted(Exporter.registry), default=".csv")
    parser.add_argument("--data", default="data")
    parser.add_argument("--clean", action="store_true", help="drop cache and outputs first")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        for d in (CACHE_DIR, OUT_DIR):
            if d.is_dir():
                shutil.rmtree(d)
                log.info("removed %s", d)
    CACHE_DIR.mkdir(exist_ok=True)
    OUT_DIR.mkdir(exist_ok=True)

    for source in sorted(Path(args.data).glob("*.json")):
        try:
            process(source, args.format)
        except (ValueError, KeyError) as exc:
            log.error("skipping %s: %s", source, exc)


if __name__ == "__main__":
    main()
