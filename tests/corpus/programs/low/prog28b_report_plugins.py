#!/usr/bin/env python3
"""Render project metrics into several report formats.

Formatters are resolved lazily from a table of (module, attribute) pairs so
new output formats can be added without touching the dispatch code.  Rendered
output is cached under ./.report_cache keyed by an MD5 of the input rows.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib
import io
import logging
import shutil
from dataclasses import dataclass, field
from functools import partial
from operator import attrgetter, methodcaller
from pathlib import Path

log = logging.getLogger("reports")

# format name -> (stdlib module, attribute used by the renderer)
FORMATTERS = {
    "json": ("json", "dumps"),
    "csv": ("csv", "DictWriter"),
    "text": ("textwrap", "indent"),
}

CACHE_DIR = Path(".report_cache")
OUTPUT_DIR = Path("reports")


@dataclass
class MetricRow:
    name: str
    value: float
    unit: str = ""
    tags: list = field(default_factory=list)

    def as_dict(self):
        return {"name": self.name, "value": self.value, "unit": self.unit,
                "tags": ",".join(self.tags)}


class Renderer:
    """Base renderer; subclasses override ``render``."""

    suffix = ".txt"

    def __init__(self, module_name: str, attr: str):
        self._module = importlib.import_module(module_name)
        self._impl = getattr(self._module, attr)

    def __call__(self, rows):
        return self.render(rows)

    def render(self, rows):  # pragma: no cover - abstract
        raise NotImplementedError


class JsonRenderer(Renderer):
    suffix = ".json"

    def render(self, rows):
        dump = partial(self._impl, indent=2, sort_keys=True)
        return dump([r.as_dict() for r in rows])


class CsvRenderer(Renderer):
    suffix = ".csv"

    def render(self, rows):
        buf = io.StringIO()
        writer = self._impl(buf, fieldnames=["name", "value", "unit", "tags"])
        writer.writeheader()
        for row in map(methodcaller("as_dict"), rows):
            writer.writerow(row)
        return buf.getvalue()


class TextRenderer(Renderer):
    suffix = ".txt"

    def render(self, rows):
        width = max(map(len, map(attrgetter("name"), rows)), default=4)
        lines = [f"{r.name:<{width}}  {r.value:>10.2f} {r.unit}" for r in rows]
        return self._impl("\n".join(lines), "  ")


RENDERER_CLASSES = {"json": JsonRenderer, "csv": CsvRenderer, "text": TextRenderer}


def build_renderer(fmt: str) -> Renderer:
    module_name, attr = FORMATTERS[fmt]
    return RENDERER_CLASSES[fmt](module_name, attr)


def cache_key(rows, fmt: str) -> str:
    digest = hashlib.md5(fmt.encode())
    for row in rows:
        digest.update(repr(row.as_dict()).encode())
    return digest.hexdigest()


def render_cached(rows, fmt: str) -> str:
    CACHE_DIR.mkdir(exist_ok=True)
    key = cache_key(rows, fmt)
    cached = CACHE_DIR / f"{key}.{fmt}"
    if cached.exists():
        log.debug("cache hit %s", cached.name)
        return cached.read_text()
    text = build_renderer(fmt)(rows)
    cached.write_text(text)
    return text


def load_rows(path: Path):
    rows = []
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            name, value, *rest = line.split()
            rows.append(MetricRow(name, float(value), rest[0] if rest else "", rest[1:]))
        except ValueError:
            log.warning("skipping malformed line %d: %r", lineno, line)
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("metrics", type=Path, help="whitespace separated metrics file")
    parser.add_argument("--format", "-f", action="append", choices=sorted(FORMATTERS))
    parser.add_argument("--clear-cache", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.clear_cache and CACHE_DIR.is_dir():
        log.info("removing %s", CACHE_DIR)
        shutil.rmtree(CACHE_DIR)

    rows = load_rows(args.metrics)
    if not rows:
        parser.error("no metrics found")

    OUTPUT_DIR.mkdir(exist_ok=True)
    for fmt in args.format or ["text"]:
        text = render_cached(rows, fmt)
        target = OUTPUT_DIR / f"{args.metrics.stem}{RENDERER_CLASSES[fmt].suffix}"
        target.write_text(text)
        log.info("wrote %s (%d bytes)", target, len(text))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
