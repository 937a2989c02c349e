#!/usr/bin/env bash
# bates_gap_report.sh - check an Opticon (.opt) image cross-reference file for
# Bates number gaps and duplicates before a production goes out the door.
# Writes a plain-text report under ./reports.
set -euo pipefail

OPT_FILE="${1:-}"
PREFIX="${PREFIX:-}"
REPORT_DIR="${REPORT_DIR:-./reports}"
MAX_LIST="${MAX_LIST:-50}"

log() { printf '[bates] %s\n' "$*" >&2; }

if [[ -z "$OPT_FILE" || ! -r "$OPT_FILE" ]]; then
    echo "usage: $0 <images.opt>   (env: PREFIX, REPORT_DIR, MAX_LIST)" >&2
    exit 2
fi

mkdir -p "$REPORT_DIR"
BASE=$(basename "$OPT_FILE" .opt)
REPORT="$REPORT_DIR/${BASE}_bates_report.txt"
NUMBERS_FILE="$REPORT_DIR/.${BASE}_numbers.txt"

# Opticon lines: BATES,VOLUME,PATH,DOCBREAK,FOLDERBREAK,BOXBREAK,PAGECOUNT
TOTAL_LINES=$(grep -c . "$OPT_FILE" || true)
log "$TOTAL_LINES image lines in $OPT_FILE"

DETECTED_PREFIX=$(head -n1 "$OPT_FILE" | cut -d, -f1 | sed -E 's/[0-9]+$//')
PREFIX="${PREFIX:-$DETECTED_PREFIX}"
log "Bates prefix: '${PREFIX}'"

# Numeric part of every Bates number with the expected prefix, in file order.
cut -d, -f1 "$OPT_FILE" | grep -E "^${PREFIX}[0-9]+$" | sed -E "s/^${PREFIX}//" > "$NUMBERS_FILE" || true
OTHER=$(( TOTAL_LINES - $(wc -l < "$NUMBERS_FILE") ))

DUPES=$(sort "$NUMBERS_FILE" | uniq -d | head -n "$MAX_LIST" | paste -sd' ' -)
DOCS=$(awk -F, '$4 == "Y" {n++} END {print n+0}' "$OPT_FILE")

ANALYSIS=$(NUMBERS_FILE="$NUMBERS_FILE" PREFIX="$PREFIX" MAX_LIST="$MAX_LIST" python3 - <<'PY'
import os

path = os.environ["NUMBERS_FILE"]
prefix = os.environ["PREFIX"]
max_list = int(os.environ["MAX_LIST"])
with open(path, encoding="utf-8") as fh:
    raw = [line.strip() for line in fh if line.strip()]
if not raw:
    print("first=none last=none width=0 gaps=0")
    print("GAPS:")
    raise SystemExit(0)
width = max(len(r) for r in raw)
nums = sorted(set(int(r) for r in raw))
gaps = []
for a, b in zip(nums, nums[1:]):
    if b - a > 1:
        gaps.append((a + 1, b - 1))
missing = sum(hi - lo + 1 for lo, hi in gaps)
fmt = lambda n: f"{prefix}{n:0{width}d}"
print(f"first={fmt(nums[0])} last={fmt(nums[-1])} width={width} gaps={len(gaps)} missing={missing}")
print("GAPS:")
for lo, hi in gaps[:max_list]:
    print(f"  {fmt(lo)}" + (f" - {fmt(hi)}" if hi != lo else ""))
if len(gaps) > max_list:
    print(f"  ... {len(gaps) - max_list} more")
PY
)

{
    echo "Bates report for $OPT_FILE"
    echo "Generated: $(date '+%F %T')"
    echo "Image lines: $TOTAL_LINES   Documents: $DOCS   Other-prefix lines: $OTHER"
    echo "$ANALYSIS" | head -n1
    echo
    echo "Duplicates: ${DUPES:-none}"
    echo "$ANALYSIS" | tail -n +2
} > "$REPORT"

rm -f "$NUMBERS_FILE"
log "report written to $REPORT"
if grep -q 'gaps=0' <<<"$ANALYSIS" && [[ -z "$DUPES" ]]; then
    log "clean: no gaps or duplicates"
    exit 0
fi
log "issues found, see report"
exit 1
