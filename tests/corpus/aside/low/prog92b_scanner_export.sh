#!/usr/bin/env bash
# scanner_export.sh - collect admissions from the handheld ticket scanners.
#
# Each scanner in scanners.lst ("name ip" per line) exposes its scan buffer
# at http://<ip>:8080/api/scans?since=<epoch>.  This pulls every scanner,
# converts the JSON to CSV rows, and appends them to the day's export file
# under ./exports, de-duplicating on ticket barcode + scan time.
#
# Usage: scanner_export.sh [-l scanners.lst] [-o exports] [-q]

set -uo pipefail

SCANNER_LIST="./scanners.lst"
OUT_DIR="./exports"
STATE_DIR="./.scanner_state"
PORT=8080
QUIET=0
TIMEOUT=8

while getopts ":l:o:qh" opt; do
    case $opt in
        l) SCANNER_LIST=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        q) QUIET=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        \?) echo "bad option -$OPTARG" >&2; exit 64 ;;
    esac
done

info() { (( QUIET )) || echo "[$(date +%T)] $*"; }
warn() { echo "[$(date +%T)] WARN: $*" >&2; }

for tool in curl jq; do
    command -v "$tool" >/dev/null || { warn "$tool not installed"; exit 69; }
done
[[ -r $SCANNER_LIST ]] || { warn "cannot read $SCANNER_LIST"; exit 66; }

mkdir -p "$OUT_DIR" "$STATE_DIR"
TODAY=$(date +%Y%m%d)
OUT_FILE="$OUT_DIR/scans_${TODAY}.csv"
[[ -s $OUT_FILE ]] || echo "scanner,barcode,show_id,screen,scanned_at,result" > "$OUT_FILE"

last_seen() {
    local f="$STATE_DIR/$1.since"
    [[ -s $f ]] && cat "$f" || echo 0
}

pull_scanner() {
    local name=$1 ip=$2 since body rows newest
    since=$(last_seen "$name")
    body=$(curl -fsS --max-time "$TIMEOUT" \
        "http://${ip}:${PORT}/api/scans?since=${since}") || {
        warn "$name ($ip) unreachable"
        return 1
    }
    rows=$(jq -r --arg n "$name" \
        '.scans[] | [$n, .barcode, .show_id, .screen, .scanned_at, .result] | @csv' \
        <<<"$body") || { warn "$name returned bad JSON"; return 1; }
    [[ -n $rows ]] || { info "$name: no new scans"; return 0; }
    printf '%s\n' "$rows" >> "$OUT_FILE"
    newest=$(jq -r '[.scans[].epoch] | max // empty' <<<"$body")
    [[ -n $newest ]] && echo "$newest" > "$STATE_DIR/$name.since"
    info "$name: $(wc -l <<<"$rows") scan(s)"
}

dedupe() {
    local header tmp
    header=$(head -n1 "$OUT_FILE")
    tmp="$OUT_FILE.work"
    { echo "$header"; tail -n +2 "$OUT_FILE" | sort -u -t, -k2,2 -k5,5; } > "$tmp" &&
        mv "$tmp" "$OUT_FILE"
}

main() {
    local failed=0 total=0
    while read -r name ip _; do
        [[ -z $name || $name == \#* ]] && continue
        total=$((total + 1))
        pull_scanner "$name" "$ip" || failed=$((failed + 1))
    done < "$SCANNER_LIST"
    dedupe
    info "export: $OUT_FILE ($((total - failed))/$total scanners ok)"
    (( failed == 0 ))
}

main
