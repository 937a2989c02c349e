#!/usr/bin/env bash
# tap_list_builder.sh - turn ./taps.csv into the printable tap list
# (./out/tap_list.md and ./out/tap_list.txt) for the chalkboard crew, and
# check that the public tap-list page is up.
#
#   tap_list_builder.sh [-i taps.csv] [-o out_dir] [--check-url URL]

set -euo pipefail

IN_CSV="./taps.csv"
OUT_DIR="./out"
CHECK_URL="https://www.example.com/taps"
CACHE_DIR="./.taplist_cache"

log() { printf '[tap-list] %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -i) IN_CSV="$2"; shift 2 ;;
        -o) OUT_DIR="$2"; shift 2 ;;
        --check-url) CHECK_URL="$2"; shift 2 ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) log "unknown argument: $1"; exit 2 ;;
    esac
done

[[ -f "$IN_CSV" ]] || { log "no input file $IN_CSV"; exit 1; }
mkdir -p "$OUT_DIR" "$CACHE_DIR"

# normalise the CSV into a tab-separated intermediate in the cache dir
normalise() {
    local tmp="$CACHE_DIR/taps.tsv"
    TAPS_IN="$IN_CSV" python3 -c '
import csv, os, sys
w = csv.writer(sys.stdout, delimiter="\t", lineterminator="\n")
with open(os.environ["TAPS_IN"], newline="") as fh:
    for row in csv.DictReader(fh):
        name = row.get("name", "").strip()
        if not name:
            continue
        abv = row.get("abv", "").strip() or "?"
        w.writerow([row.get("tap", "").strip(), name, row.get("style", "").strip(), abv,
                    row.get("glass", "pint").strip()])
' > "$tmp"
    echo "$tmp"
}

render() {
    local tsv="$1"
    TAPS_TSV="$tsv" OUT_MD="$OUT_DIR/tap_list.md" OUT_TXT="$OUT_DIR/tap_list.txt" \
    python3 - <<'PY'
import csv
import os

with open(os.environ["TAPS_TSV"], newline="") as fh:
    rows = list(csv.reader(fh, delimiter="\t"))
rows.sort(key=lambda r: int(r[0]) if r[0].isdigit() else 999)

with open(os.environ["OUT_MD"], "w") as md:
    md.write("| Tap | Beer | Style | ABV | Glass |\n|---|---|---|---|---|\n")
    for tap, name, style, abv, glass in rows:
        md.write(f"| {tap} | {name} | {style} | {abv}% | {glass} |\n")

with open(os.environ["OUT_TXT"], "w") as txt:
    for tap, name, style, abv, glass in rows:
        txt.write(f"{tap:>2}  {name:<28}{style:<22}{abv:>5}%  {glass}\n")
print(len(rows))
PY
}

check_public_page() {
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --head --max-time 10 "$CHECK_URL" || echo 000)"
    if [[ "$code" == 2* || "$code" == 3* ]]; then
        log "public tap page OK ($code)"
    else
        log "public tap page returned $code - tell the front of house"
    fi
}

main() {
    local tsv count
    tsv="$(normalise)"
    count="$(render "$tsv")"
    log "$count taps written to $OUT_DIR/tap_list.md and .txt"
    wc -l "$OUT_DIR"/tap_list.txt | awk '{print "lines:", $1}' >&2
    check_public_page
    rm -rf -- "$CACHE_DIR"
    log "cache cleared"
}

main
