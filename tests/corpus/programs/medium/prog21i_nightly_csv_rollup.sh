#!/usr/bin/env bash
# nightly_csv_rollup.sh - merge the day's CSV exports into one summary.
#
# Reads ./exports/*.csv (columns: date,region,product,units,revenue),
# writes ./rollup/<date>.csv with per-region totals and a short text
# summary. Only one instance may run at a time, guarded by a lock file.

set -euo pipefail

LOCK_FILE=/tmp/app.lock
EXPORT_DIR="${EXPORT_DIR:-./exports}"
OUT_DIR="${OUT_DIR:-./rollup}"
DAY="${1:-$(date +%F)}"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*"
}

acquire_lock() {
    if [[ -e "$LOCK_FILE" ]]; then
        local pid
        pid=$(cat "$LOCK_FILE" 2>/dev/null || echo "")
        if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
            log "another rollup is running (pid $pid); exiting"
            exit 0
        fi
        log "removing stale lock left by pid ${pid:-unknown}"
        rm -f "$LOCK_FILE"
    fi
    echo $$ > "$LOCK_FILE"
    trap 'rm -f "$LOCK_FILE"' EXIT
}

collect_inputs() {
    shopt -s nullglob
    INPUTS=("$EXPORT_DIR"/*.csv)
    shopt -u nullglob
    if [[ ${#INPUTS[@]} -eq 0 ]]; then
        log "no CSV exports in $EXPORT_DIR"
        exit 0
    fi
    log "found ${#INPUTS[@]} export file(s)"
}

rollup() {
    mkdir -p "$OUT_DIR"
    local out="$OUT_DIR/$DAY.csv"
    awk -F, -v day="$DAY" '
        FNR == 1 && $1 == "date" { next }
        $1 == day {
            units[$2] += $4
            revenue[$2] += $5
            rows++
        }
        END {
            print "region,units,revenue"
            for (r in units) printf "%s,%d,%.2f\n", r, units[r], revenue[r]
            printf "# rows=%d\n", rows > "/dev/stderr"
        }' "${INPUTS[@]}" > "$out"
    log "wrote $out"
    ROLLUP_FILE="$out"
}

summary() {
    local total_units total_rev top
    total_units=$(awk -F, 'NR > 1 { s += $2 } END { print s + 0 }' "$ROLLUP_FILE")
    total_rev=$(awk -F, 'NR > 1 { s += $3 } END { printf "%.2f", s }' "$ROLLUP_FILE")
    top=$(tail -n +2 "$ROLLUP_FILE" | sort -t, -k3 -rn | head -n 1 | cut -d, -f1)
    {
        echo "Rollup for $DAY"
        echo "  total units:   $total_units"
        echo "  total revenue: $total_rev"
        echo "  top region:    ${top:-n/a}"
    } | tee "$OUT_DIR/$DAY.txt"
}

main() {
    acquire_lock
    collect_inputs
    rollup
    summary
}

main
