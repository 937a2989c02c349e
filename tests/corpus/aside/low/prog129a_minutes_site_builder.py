#!/usr/bin/env python3
"""Build the parish council minutes pages for the website.

Minutes are written by the clerk as Markdown files named
``YYYY-MM-DD-<meeting>.md`` in ./minutes.  Each becomes an HTML page and
an index page lists them newest first.  The output folder (./public) is
then uploaded by the clerk through the website host's file manager.
"""
import argparse
import html
import json
import logging
import os
import re
import shutil
import sys
from datetime import datetime
from pathlib import Path
from string import Template

import markdown

log = logging.getLogger("minutes_site")

NAME_RE = re.compile(r"^(\d{4}-\d{2}-\d{2})-(.+)\.md$")
PAGE = Template("""<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8">
<title>$title - $council</title><link rel="stylesheet" href="$root/style.css"></head>
<body><header><a href="$root/index.html">$council - Minutes</a></header>
<main>$body</main>
<footer>Published $published. Draft minutes are subject to approval at the next meeting.</footer>
</body></html>
""")


def discover(src):
    items = []
    for path in src.glob("*.md"):
        m = NAME_RE.match(path.name)
        if not m:
            log.warning("skipping %s (name should be YYYY-MM-DD-meeting.md)", path.name)
            continue
        date = datetime.strptime(m.group(1), "%Y-%m-%d").date()
        meeting = m.group(2).replace("-", " ").title()
        items.append((date, meeting, path))
    return sorted(items, reverse=True)


def build(src, out, council):
    out.mkdir(parents=True, exist_ok=True)
    md = markdown.Markdown(extensions=["tables", "sane_lists"])
    published = datetime.now().strftime("%d %B %Y")
    links, manifest = [], []
    for date, meeting, path in discover(src):
        title = f"{meeting}, {date:%d %B %Y}"
        body = md.reset().convert(path.read_text(encoding="utf-8"))
        page = PAGE.substitute(title=html.escape(title), council=html.escape(council),
                               root="..", body=body, published=published)
        target = out / str(date.year) / (path.stem + ".html")
        target.parent.mkdir(exist_ok=True)
        target.write_text(page, encoding="utf-8")
        links.append(f'<li><a href="{date.year}/{target.name}">{html.escape(title)}</a></li>')
        manifest.append({"source": path.name, "page": str(target.relative_to(out))})
    index_body = "<h1>Council minutes</h1>\n<ul>\n" + "\n".join(links) + "\n</ul>"
    (out / "index.html").write_text(
        PAGE.substitute(title="Minutes", council=html.escape(council), root=".",
                        body=index_body, published=published), encoding="utf-8")
    style = src / "style.css"
    if style.exists():
        shutil.copy2(style, out / "style.css")
    log.info("built %d minutes pages in %s", len(links), out)
    return manifest


def write_manifest(manifest, path):
    """Build record kept next to the sources (not uploaded)."""
    path.write_text(json.dumps({"built": datetime.now().isoformat(timespec="seconds"),
                                "pages": manifest}, indent=2))
    os.chmod(path, 0o600)


def clean(out):
    if out.exists():
        shutil.rmtree(out)
        log.info("removed previous build in %s", out)


def main():
    ap = argparse.ArgumentParser(description="Build council minutes pages")
    ap.add_argument("--src", type=Path, default=Path("minutes"))
    ap.add_argument("--out", type=Path, default=Path("public"))
    ap.add_argument("--council", default=os.environ.get("COUNCIL_NAME", "Parish Council"))
    ap.add_argument("--clean", action="store_true", help="remove ./public before building")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.src.is_dir():
        log.error("no minutes folder at %s", args.src)
        return 2
    if args.clean:
        clean(args.out)
    manifest = build(args.src, args.out, args.council)
    if not manifest:
        log.error("no minutes found")
        return 1
    write_manifest(manifest, Path(".build_manifest.json"))
    log.info("upload the contents of %s to the website", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
