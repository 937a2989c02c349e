#!/usr/bin/env bash
# Pack a furniture cut list onto standard sheet stock.
#
# Input is a CSV cut list (part,width_mm,height_mm,qty,material). Panels are
# grouped by material, packed onto sheets with a simple shelf algorithm that
# allows for the saw/router kerf, and a per-material sheet count plus a
# placement list are written for the CNC nesting step.
set -euo pipefail

CUTLIST=""
SHEET_W=2800
SHEET_H=2070
KERF=6
OUT_DIR="./nesting"

log() { printf '%s [cutlist-pack] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "usage: $0 -c cutlist.csv [-W sheet_width] [-H sheet_height] [-k kerf] [-o out_dir]"
}

while getopts ":c:W:H:k:o:h" opt; do
    case "$opt" in
        c) CUTLIST="$OPTARG" ;;
        W) SHEET_W="$OPTARG" ;;
        H) SHEET_H="$OPTARG" ;;
        k) KERF="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -n "$CUTLIST" ]] || { usage; exit 2; }
[[ -f "$CUTLIST" ]] || die "cut list $CUTLIST not found"
for v in "$SHEET_W" "$SHEET_H" "$KERF"; do
    [[ "$v" =~ ^[0-9]+$ ]] || die "sheet sizes and kerf must be whole millimetres"
done

mkdir -p "$OUT_DIR"
materials=$(tail -n +2 "$CUTLIST" | cut -d, -f5 | tr -d '\r' | sort -u)
[[ -n "$materials" ]] || die "cut list has no rows"
log "materials: $(tr '\n' ' ' <<<"$materials")"

summary="$OUT_DIR/summary.txt"
: > "$summary"

for mat in $materials; do
    safe=$(tr -c 'A-Za-z0-9_-' '_' <<<"$mat")
    placements="$OUT_DIR/${safe}_placements.csv"
    # Rows for this material go to Python on stdin; sheet geometry in env vars.
    count=$(awk -F, -v m="$mat" 'NR > 1 { sub(/\r$/, "", $5); if ($5 == m) print }' "$CUTLIST" |
        SHEET_W="$SHEET_W" SHEET_H="$SHEET_H" KERF="$KERF" PLACEMENTS="$placements" \
        python3 -c '
import csv, os, sys
W, H, K = (int(os.environ[k]) for k in ("SHEET_W", "SHEET_H", "KERF"))
parts = []
for row in csv.reader(sys.stdin):
    name, w, h, qty = row[0], int(row[1]), int(row[2]), int(row[3])
    if w > W or h > H:
        w, h = h, w
    if w > W or h > H:
        sys.exit(f"part {name} ({w}x{h}) does not fit on a sheet")
    parts += [(name, w, h)] * qty
parts.sort(key=lambda p: (p[2], p[1]), reverse=True)
sheet, x, y, shelf = 1, 0, 0, 0
out = csv.writer(open(os.environ["PLACEMENTS"], "w", newline=""))
out.writerow(["sheet", "part", "x", "y", "w", "h"])
for name, w, h in parts:
    if x + w > W:
        x, y, shelf = 0, y + shelf + K, 0
    if y + h > H:
        sheet, x, y, shelf = sheet + 1, 0, 0, 0
    out.writerow([sheet, name, x, y, w, h])
    x += w + K
    shelf = max(shelf, h)
print(sheet if parts else 0)
') || die "packing failed for $mat"
    printf '%-20s %3s sheets  (%s)\n' "$mat" "$count" "$placements" | tee -a "$summary"
done

total=$(awk '{ s += $2 } END { print s + 0 }' "$summary")
log "total sheets: $total; summary in $summary"
