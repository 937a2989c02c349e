#!/usr/bin/env python3
"""Build the pipe-store inventory report.

Reads the inventory CSV of stored ranks (reused and new pipework),
groups by material and condition and writes an HTML or Markdown report
into ./build. Rendered reports are cached by content hash.
"""
import argparse
import base64
import csv
import hashlib
import html
import logging
import os
import platform
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("inventory")

BUILD = Path("build")
CACHE = BUILD / "cache"


def os_label():
    release = Path("/etc/os-release")
    if release.exists():
        for line in release.read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    return platform.platform()


def load_inventory(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def group(rows):
    groups = defaultdict(list)
    for row in rows:
        groups[(row.get("material", "?"), row.get("condition", "?"))].append(row)
    return dict(sorted(groups.items()))


def logo_data_uri(path):
    if not path or not Path(path).exists():
        return ""
    encoded = base64.b64encode(Path(path).read_bytes()).decode("ascii")
    return f"data:image/png;base64,{encoded}"


class Renderer:
    def render(self, fmt, groups, logo):
        return getattr(self, f"render_{fmt}")(groups, logo)

    def render_markdown(self, groups, logo):
        out = ["# Pipe store inventory", ""]
        for (material, condition), rows in groups.items():
            out.append(f"## {material} / {condition} ({len(rows)} ranks)")
            out.extend(f"- {r.get('rank', '?')} {r.get('footage', '')} - shelf {r.get('shelf', '?')}" for r in rows)
            out.append("")
        out.append(f"_generated on {os_label()}_")
        return "\n".join(out)

    def render_html(self, groups, logo):
        parts = ["<html><body>"]
        if logo:
            parts.append(f'<img src="{logo}" alt="logo" height="60">')
        parts.append("<h1>Pipe store inventory</h1>")
        for (material, condition), rows in groups.items():
            parts.append(f"<h2>{html.escape(material)} / {html.escape(condition)}</h2><ul>")
            for r in rows:
                text = f"{r.get('rank', '?')} {r.get('footage', '')} (shelf {r.get('shelf', '?')})"
                parts.append(f"<li>{html.escape(text)}</li>")
            parts.append("</ul>")
        parts.append(f"<footer>{html.escape(os_label())}</footer></body></html>")
        return "\n".join(parts)


def cache_key(source, fmt):
    digest = hashlib.md5(Path(source).read_bytes()).hexdigest()
    return f"{digest}-{fmt}"


def clean_cache():
    if CACHE.exists():
        for item in CACHE.iterdir():
            item.unlink()
        log.info("cache cleared")


def main(argv=None):
    parser = argparse.ArgumentParser(description="pipe store inventory report")
    parser.add_argument("inventory")
    parser.add_argument("--format", choices=["html", "markdown"], default="html")
    parser.add_argument("--logo", default=os.environ.get("REPORT_LOGO"))
    parser.add_argument("--clean", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean:
        clean_cache()
    CACHE.mkdir(parents=True, exist_ok=True)
    key = cache_key(args.inventory, args.format)
    cached = CACHE / key
    suffix = "html" if args.format == "html" else "md"
    target = BUILD / f"inventory.{suffix}"
    if cached.exists():
        target.write_text(cached.read_text())
        log.info("reused cached report %s", key[:8])
        return 0
    groups = group(load_inventory(args.inventory))
    text = Renderer().render(args.format, groups, logo_data_uri(args.logo))
    cached.write_text(text)
    target.write_text(text)
    log.info("wrote %s (%d groups)", target, len(groups))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
