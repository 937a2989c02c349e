#!/usr/bin/env python3
"""Render the weekly newsletter for every subscriber segment.

Templates live in ./templates, segment data in ./segments/*.json. Rendered
HTML is cached under ./.render_cache keyed by an MD5 of template + data so
unchanged segments are not re-rendered.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

CACHE_DIR = Path(".render_cache")
OUT_DIR = Path("out")
log = logging.getLogger("newsletter")


def make_env(template_dir: Path) -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(template_dir)),
        autoescape=select_autoescape(["html", "htm", "xml"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["money"] = lambda v: f"${v:,.2f}"
    return env


def cache_key(template_src: str, context: dict) -> str:
    blob = template_src.encode() + json.dumps(context, sort_keys=True).encode()
    return hashlib.md5(blob).hexdigest()


class SegmentRenderer:
    def __init__(self, env: Environment, template_name: str):
        self.env = env
        self.template = env.get_template(template_name)
        self.template_src = Path(env.loader.searchpath[0], template_name).read_text()
        self.hits = self.misses = 0

    def render(self, segment_file: Path) -> Path:
        context = json.loads(segment_file.read_text(encoding="utf-8"))
        key = cache_key(self.template_src, context)
        cached = CACHE_DIR / f"{key}.html"
        if cached.exists():
            self.hits += 1
            html = cached.read_text(encoding="utf-8")
        else:
            self.misses += 1
            html = self.template.render(**context)
            cached.write_text(html, encoding="utf-8")
        target = OUT_DIR / f"{segment_file.stem}.html"
        target.write_text(html, encoding="utf-8")
        os.chmod(target, 0o600)
        return target


def main():
    ap = argparse.ArgumentParser(description="render newsletter segments")
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--template", default="weekly.html")
    ap.add_argument("--segments", default="segments")
    ap.add_argument("--clear-cache", action="store_true",
                    help="remove ./.render_cache before rendering")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)
        log.info("cleared %s", CACHE_DIR)
    CACHE_DIR.mkdir(exist_ok=True)
    OUT_DIR.mkdir(exist_ok=True)

    renderer = SegmentRenderer(make_env(Path(args.templates)), args.template)
    segments = sorted(Path(args.segments).glob("*.json"))
    if not segments:
        log.warning("no segments found in %s", args.segments)
        return 1
    for seg in segments:
        try:
            path = renderer.render(seg)
            log.info("rendered %s -> %s", seg.name, path)
        except (ValueError, KeyError) as exc:
            log.error("segment %s failed: %s", seg.name, exc)
    log.info("cache hits=%d misses=%d", renderer.hits, renderer.misses)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
