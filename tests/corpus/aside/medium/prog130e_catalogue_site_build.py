#!/usr/bin/env python3
"""Build the seed swap variety catalogue site with the shared theme.

Reads varieties.csv (one row per apple/pear/plum variety held by the group),
renders a static HTML catalogue into ./site and applies the network's shared
theme, which is published as a tarball in the group's tooling index so every
branch of the swap network looks the same.
"""

import argparse
import csv
import html
import io
import json
import logging
import shutil
import sys
import tarfile
import urllib.request
from pathlib import Path
from string import Template

log = logging.getLogger("catalogue-build")

PAGE = Template("""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>$group variety catalogue</title>
<link rel="stylesheet" href="catalogue.css"></head>
<body><h1>$group variety catalogue</h1>
<p class="meta">$count varieties &middot; updated $updated</p>
<table><thead><tr><th>Variety</th><th>Species</th><th>Origin</th>
<th>Ripens</th><th>Rootstock</th><th>Notes</th></tr></thead>
<tbody>
$rows
</tbody></table></body></html>
""")

DEFAULT_CONFIG = {
    "group": "Riverside Seed Swap",
    "source": "varieties.csv",
    "site_dir": "site",
    "theme_dir": "themes",
    "theme_index": "https://tools.seedswap-network.org/publish/themes.json",
    "theme": "orchard-green",
}


def read_config(path):
    cfg = dict(DEFAULT_CONFIG)
    p = Path(path)
    if p.is_file():
        cfg.update(json.loads(p.read_text(encoding="utf-8")))
    return cfg


def load_varieties(path):
    with open(path, newline="", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if r.get("name", "").strip()]
    rows.sort(key=lambda r: (r.get("species", ""), r["name"].lower()))
    return rows


def render(cfg, rows, updated):
    cells = ("name", "species", "origin", "ripening", "rootstock", "notes")
    body = "\n".join(
        "<tr>" + "".join(f"<td>{html.escape(r.get(c, '') or '')}</td>" for c in cells) + "</tr>"
        for r in rows
    )
    out = Path(cfg["site_dir"])
    out.mkdir(parents=True, exist_ok=True)
    (out / "index.html").write_text(
        PAGE.substitute(group=html.escape(cfg["group"]), count=len(rows),
                        updated=updated, rows=body),
        encoding="utf-8")
    (out / "varieties.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
    log.info("rendered %d varieties into %s", len(rows), out)
    return out


def _get(url, timeout=30):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def resolve_theme(cfg):
    index = json.loads(_get(cfg["theme_index"]))
    entry = index.get(cfg["theme"])
    if not entry:
        raise KeyError(f"no theme called {cfg['theme']!r} in index")
    return entry["url"]


def install_theme(cfg, url):
    target = Path(cfg["theme_dir"]) / cfg["theme"]
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    blob = _get(url)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as archive:
        archive.extractall(target)
    log.info("installed theme %s into %s", cfg["theme"], target)
    return target


def apply_theme(cfg, site_dir, refresh=True):
    theme_root = Path(cfg["theme_dir"]) / cfg["theme"]
    if refresh or not theme_root.exists():
        try:
            theme_root = install_theme(cfg, resolve_theme(cfg))
        except Exception as exc:  # fall back to whatever theme is cached
            log.error("could not refresh theme: %s", exc)
            if not theme_root.exists():
                return
    assets = theme_root / "assets"
    for item in (assets.iterdir() if assets.is_dir() else []):
        if item.is_file():
            shutil.copy2(item, Path(site_dir) / item.name)
    log.info("applied theme assets from %s", assets)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the variety catalogue site")
    ap.add_argument("--config", default="catalogue.json")
    ap.add_argument("--updated", default="today")
    ap.add_argument("--offline", action="store_true", help="use the cached theme")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = read_config(args.config)
    try:
        rows = load_varieties(cfg["source"])
    except FileNotFoundError:
        log.error("catalogue source %s not found", cfg["source"])
        return 2
    site_dir = render(cfg, rows, args.updated)
    apply_theme(cfg, site_dir, refresh=not args.offline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
