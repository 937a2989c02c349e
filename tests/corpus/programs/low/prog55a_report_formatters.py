#!/usr/bin/env python3
"""Render a JSON metrics dump into one of several report formats.

Formatters register themselves with the ``@formatter`` decorator; the format
name comes from the command line or from ``report.toml`` in the project.
Rendered output is cached under ./.report-cache keyed by an MD5 of the input.
"""
import argparse
import base64
import csv
import hashlib
import io
import json
import logging
import pathlib
import sys

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

log = logging.getLogger("reportfmt")
FORMATTERS = {}
CACHE_DIR = pathlib.Path(".report-cache")


def formatter(name, suffix):
    def wrap(func):
        FORMATTERS[name] = (func, suffix)
        return func
    return wrap


@formatter("csv", ".csv")
def to_csv(rows):
    buf = io.StringIO()
    if not rows:
        return ""
    writer = csv.DictWriter(buf, fieldnames=sorted(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()


@formatter("markdown", ".md")
def to_markdown(rows):
    if not rows:
        return "_no data_\n"
    cols = sorted(rows[0])
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for row in rows:
        lines.append("| " + " | ".join(str(row.get(c, "")) for c in cols) + " |")
    return "\n".join(lines) + "\n"


@formatter("jsonl", ".jsonl")
def to_jsonl(rows):
    return "".join(json.dumps(r, sort_keys=True) + "\n" for r in rows)


@formatter("b64json", ".b64")
def to_b64json(rows):
    # For pasting into systems that mangle whitespace; never decoded here.
    raw = json.dumps(rows, separators=(",", ":")).encode()
    return base64.b64encode(raw).decode() + "\n"


def load_default_format(config_path):
    if tomllib is None or not config_path.exists():
        return "markdown"
    with config_path.open("rb") as fh:
        return tomllib.load(fh).get("report", {}).get("format", "markdown")


def cache_key(data, fmt):
    return hashlib.md5(data + fmt.encode()).hexdigest()


def render(input_path, fmt):
    func, suffix = FORMATTERS[fmt]
    data = input_path.read_bytes()
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / (cache_key(data, fmt) + suffix)
    if cached.exists():
        log.info("cache hit %s", cached.name)
        return cached.read_text()
    rows = json.loads(data)
    if isinstance(rows, dict):
        rows = rows.get("rows", [])
    text = func(rows)
    cached.write_text(text)
    return text


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("input", type=pathlib.Path)
    parser.add_argument("-f", "--format", choices=sorted(FORMATTERS))
    parser.add_argument("-o", "--output", type=pathlib.Path)
    parser.add_argument("--config", type=pathlib.Path, default=pathlib.Path("report.toml"))
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    fmt = args.format or load_default_format(args.config)
    if fmt not in FORMATTERS:
        log.error("unknown format %r (known: %s)", fmt, ", ".join(FORMATTERS))
        return 2
    try:
        text = render(args.input, fmt)
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot render %s: %s", args.input, exc)
        return 1
    if args.output:
        args.output.write_text(text)
        log.info("wrote %s", args.output)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
