#!/bin/bash
# Roll the daily weighbridge CSV exports into a monthly summary for the
# accounts office. Runs on the gatehouse PC at the end of each month.

set -eu

EXPORT_DIR="${EXPORT_DIR:-./exports}"
SUMMARY_DIR="${SUMMARY_DIR:-./summaries}"
WORK_DIR="/tmp/scale_exports_work"
LOCK_FILE="/tmp/rotate_scale_exports.lock"
RATES_URL="${RATES_URL:-https://intranet.recyclecentre.example/rates/monthly.csv}"
MONTH="${1:-$(date -d 'last month' +%Y-%m 2>/dev/null || date +%Y-%m)}"

log() { echo "$(date '+%F %T') rotate: $*"; }

take_lock() {
    if [ -e "$LOCK_FILE" ]; then
        log "another run holds $LOCK_FILE"
        exit 1
    fi
    echo $$ > "$LOCK_FILE"
    trap 'rm -f "$LOCK_FILE"' EXIT
}

prepare_work_dir() {
    rm -rf "$WORK_DIR"
    mkdir -p "$WORK_DIR"
}

collect_month() {
    local count=0
    for f in "$EXPORT_DIR"/tickets_"$MONTH"-*.csv; do
        [ -f "$f" ] || continue
        tail -n +2 "$f" >> "$WORK_DIR/all_tickets.csv"
        count=$((count + 1))
    done
    log "collected $count daily files for $MONTH"
    [ "$count" -gt 0 ]
}

fetch_rates() {
    curl -k -fsS --max-time 30 -o "$WORK_DIR/rates.csv" "$RATES_URL" || {
        log "rates unavailable, using zero rates"
        echo "material,rate" > "$WORK_DIR/rates.csv"
    }
}

summarise() {
    local out="$SUMMARY_DIR/summary_$MONTH.csv"
    mkdir -p "$SUMMARY_DIR"
    awk -F, '
        NR == FNR { if (FNR > 1) rate[$1] = $2; next }
        { kg[$3] += $5; loads[$3]++ }
        END {
            print "material,loads,net_kg,value"
            for (m in kg) printf "%s,%d,%.1f,%.2f\n", m, loads[m], kg[m], kg[m] / 1000 * rate[m]
        }
    ' "$WORK_DIR/rates.csv" "$WORK_DIR/all_tickets.csv" | sort > "$out"
    log "wrote $out"
}

archive_month() {
    local archive="$EXPORT_DIR/archive_$MONTH.tar.gz"
    ls "$EXPORT_DIR"/tickets_"$MONTH"-*.csv > "$WORK_DIR/filelist"
    tar -czf "$archive" -T "$WORK_DIR/filelist"
    if tar -tzf "$archive" >/dev/null; then
        xargs rm -f < "$WORK_DIR/filelist"
        log "archived daily files into $archive"
    fi
}

take_lock
prepare_work_dir
if collect_month; then
    fetch_rates
    summarise
    archive_month
else
    log "nothing to do for $MONTH"
fi
