#!/usr/bin/env python3
"""Build and preview the bridge club's member ranking pages.

Takes the ranking export from the scoring program (ranking.csv: member,
grade, division, points, sessions), renders one page per division plus an
index into ./site, and serves the result so committee members can check it
from their own laptops on the club network before it goes live.
"""
import argparse
import csv
import html
import logging
import os
import sys
from collections import defaultdict
from datetime import date
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from string import Template

log = logging.getLogger("ranking-preview")

PAGE = Template("""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>$title</title><link rel="stylesheet" href="style.css"></head>
<body><nav><a href="index.html">All divisions</a></nav>
<h1>$title</h1><p class="updated">Updated $updated</p>
$body
</body></html>
""")
STYLE = "body{font-family:sans-serif;max-width:50em;margin:auto}td,th{padding:.2em .8em}\n"


def load_rankings(path):
    divisions = defaultdict(list)
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                divisions[row["division"].strip()].append(
                    (row["member"].strip(), row.get("grade", "").strip(),
                     float(row["points"]), int(row["sessions"])))
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %r: %s", row, exc)
    for members in divisions.values():
        members.sort(key=lambda m: (-m[2], m[0]))
    return divisions


def table(members):
    rows = "".join(
        f"<tr><td>{i}</td><td>{html.escape(n)}</td><td>{html.escape(g)}</td>"
        f"<td>{p:.2f}</td><td>{s}</td></tr>\n"
        for i, (n, g, p, s) in enumerate(members, start=1))
    return ("<table><tr><th>#</th><th>Member</th><th>Grade</th><th>Points</th>"
            f"<th>Sessions</th></tr>\n{rows}</table>")


def slug(name):
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-") or "division"


def build(divisions, out):
    out.mkdir(parents=True, exist_ok=True)
    today = date.today().isoformat()
    links = []
    for div, members in sorted(divisions.items()):
        fname = f"{slug(div)}.html"
        (out / fname).write_text(PAGE.substitute(
            title=html.escape(f"{div} ranking"), updated=today, body=table(members)))
        links.append(f'<li><a href="{fname}">{html.escape(div)}</a> ({len(members)} members)</li>')
    (out / "index.html").write_text(PAGE.substitute(
        title="Member rankings", updated=today, body="<ul>\n" + "\n".join(links) + "\n</ul>"))
    (out / "style.css").write_text(STYLE)
    log.info("built %d division pages in %s", len(divisions), out)


def preview(directory, port):
    handler = partial(SimpleHTTPRequestHandler, directory=str(directory))
    with ThreadingHTTPServer(("0.0.0.0", port), handler) as httpd:
        log.info("preview on http://<this-host>:%d/ (Ctrl-C to stop)", port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rankings", nargs="?", default="ranking.csv")
    ap.add_argument("--build-dir", default="site")
    ap.add_argument("--no-serve", dest="serve", action="store_false",
                    help="only build, do not start the preview server")
    ap.add_argument("--port", type=int, default=int(os.environ.get("PREVIEW_PORT", "8000")))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        divisions = load_rankings(args.rankings)
    except OSError as exc:
        log.error("cannot read rankings: %s", exc)
        return 1
    if not divisions:
        log.error("no rankings found in %s", args.rankings)
        return 1
    build_dir = Path(args.build_dir)
    build(divisions, build_dir)
    if args.serve:
        preview(build_dir, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
