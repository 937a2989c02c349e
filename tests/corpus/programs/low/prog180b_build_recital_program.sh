#!/usr/bin/env bash
# build_recital_program.sh - turn performers.csv into the printed recital
# programme (Markdown -> HTML) in ./build, and clean up afterwards.
#
# performers.csv columns: order,student,age,piece,composer

set -euo pipefail

CSV="${1:-performers.csv}"
TITLE="${RECITAL_TITLE:-Spring Piano Recital}"
VENUE="${RECITAL_VENUE:-Main Hall}"
DATE="${RECITAL_DATE:-$(date +%F)}"
BUILD_DIR="./build"
OUT_MD="${BUILD_DIR}/programme.md"
OUT_HTML="programme.html"

log() { echo "[programme] $*" >&2; }

if [[ "${1:-}" == "clean" ]]; then
    rm -rf "$BUILD_DIR" "$OUT_HTML"
    log "cleaned"
    exit 0
fi

if [[ ! -f "$CSV" ]]; then
    log "missing $CSV"
    exit 1
fi

mkdir -p "$BUILD_DIR"

{
    echo "# ${TITLE}"
    echo
    echo "*${VENUE} — ${DATE}*"
    echo
    echo "| # | Performer | Piece | Composer |"
    echo "|---|-----------|-------|----------|"
} > "$OUT_MD"

count=0
interval_after="${INTERVAL_AFTER:-8}"
tail -n +2 "$CSV" | sort -t, -k1,1n | while IFS=, read -r order student age piece composer; do
    [[ -z "$order" ]] && continue
    printf '| %s | %s (%s) | %s | %s |\n' "$order" "$student" "$age" "$piece" "$composer" >> "$OUT_MD"
    count=$((count + 1))
    if (( count == interval_after )); then
        echo "| | **Interval — refreshments in the foyer** | | |" >> "$OUT_MD"
    fi
done

performers=$(tail -n +2 "$CSV" | grep -c . || true)
{
    echo
    echo "Thank you to all ${performers} performers, their teachers and families."
} >> "$OUT_MD"

if command -v pandoc >/dev/null 2>&1; then
    pandoc "$OUT_MD" -s --metadata title="$TITLE" -o "$OUT_HTML"
    log "wrote $OUT_HTML"
else
    cp "$OUT_MD" "${OUT_HTML%.html}.md"
    log "pandoc not found; wrote ${OUT_HTML%.html}.md instead"
fi

# intermediate files are no longer needed
rm -rf "$BUILD_DIR"
log "done (${performers} performers)"
