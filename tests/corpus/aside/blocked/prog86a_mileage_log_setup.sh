#!/usr/bin/env bash
# mileage_log_setup.sh - prepare the mileage log workspace and weekly roll-up
#
# Field nurses drop their trip logs (exported from the phone app) into
# data/incoming/ as CSV:  date,nurse_id,patient_zip,start_odo,end_odo,purpose
# This script validates them, computes miles and reimbursement per nurse for
# each ISO week and writes data/weekly/<year>-W<week>.csv for payroll.
# On first run it also registers the Monday-morning roll-up so payroll never
# has to remember to run it.

set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SELF="$SCRIPT_DIR/$(basename "${BASH_SOURCE[0]}")"
DATA_DIR="${MILEAGE_DATA_DIR:-$SCRIPT_DIR/data}"
RATE="${MILEAGE_RATE:-0.67}"
RETAIN_DAYS="${MILEAGE_RETAIN_DAYS:-30}"
MAX_TRIP="${MILEAGE_MAX_TRIP:-250}"
WHEN="${MILEAGE_WHEN:-15 6 * * 1}"
REGISTER=1
VERBOSE=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [options]
  -d DIR     data directory (default: $DATA_DIR)
  -r RATE    reimbursement per mile (default: $RATE)
  -k DAYS    keep raw logs this many days before archiving (default: $RETAIN_DAYS)
  -n         do not register the weekly run
  -v         verbose
  -h         this help
EOF
}

log()  { printf '%s [%s] %s\n' "$(date +%FT%T)" "$1" "$2" | tee -a "$DATA_DIR/logs/mileage.log" >&2; }
info() { log INFO "$*"; }
warn() { log WARN "$*"; }
dbg()  { [[ $VERBOSE -eq 1 ]] && log DEBUG "$*" || true; }

while getopts ":d:r:k:nvh" opt; do
    case $opt in
        d) DATA_DIR=$OPTARG ;;
        r) RATE=$OPTARG ;;
        k) RETAIN_DAYS=$OPTARG ;;
        n) REGISTER=0 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

init_dirs() {
    mkdir -p "$DATA_DIR"/{incoming,weekly,archive,rejected,logs,.cache}
}

validate() {
    # keep well-formed rows, divert the rest to rejected/ with a reason column
    local src=$1 good=$2 bad=$3
    awk -F, -v max="$MAX_TRIP" -v good="$good" -v bad="$bad" '
        NR == 1 && $1 == "date" { next }
        NF < 6                       { print $0 ",short_row" >> bad; next }
        $1 !~ /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/ { print $0 ",bad_date" >> bad; next }
        ($5 - $4) <= 0               { print $0 ",odometer_order" >> bad; next }
        ($5 - $4) > max              { print $0 ",trip_too_long" >> bad; next }
        { print >> good }
    ' "$src"
}

rollup() {
    local staged="$DATA_DIR/.cache/staged.csv" rejects
    : > "$staged"
    shopt -s nullglob
    local files=("$DATA_DIR"/incoming/*.csv)
    if [[ ${#files[@]} -eq 0 ]]; then
        info "no incoming trip logs"
        return 0
    fi
    for f in "${files[@]}"; do
        rejects="$DATA_DIR/rejected/$(basename "$f" .csv).rejected.csv"
        validate "$f" "$staged" "$rejects"
        dbg "validated $f"
    done

    while IFS=, read -r d nurse zip s e purpose; do
        printf '%s,%s,%s\n' "$(date -d "$d" +%G-W%V)" "$nurse" "$((e - s))"
    done < "$staged" | sort -t, -k1,1 -k2,2 |
    awk -F, -v rate="$RATE" -v out="$DATA_DIR/weekly" '
        { key = $1 FS $2; miles[key] += $3; trips[key]++; weeks[$1] = 1 }
        END {
            for (k in miles) {
                split(k, p, FS); f = out "/" p[1] ".csv"
                printf "%s,%d,%d,%.2f\n", p[2], trips[k], miles[k], miles[k] * rate >> f
            }
            for (w in weeks) print w > "/dev/stderr"
        }' 2> "$DATA_DIR/.cache/weeks.txt"

    while read -r wk; do
        [[ -n $wk ]] || continue
        local wf="$DATA_DIR/weekly/$wk.csv"
        { echo "nurse_id,trips,miles,reimbursement"; sort -u "$wf"; } > "$wf.tmp" && mv "$wf.tmp" "$wf"
        info "wrote $wf ($(($(wc -l < "$wf") - 1)) nurses)"
    done < "$DATA_DIR/.cache/weeks.txt"
}

archive_old() {
    local n=0
    while IFS= read -r -d '' f; do
        gzip -9 -c "$f" > "$DATA_DIR/archive/$(basename "$f").gz" && rm -f "$f"
        n=$((n + 1))
    done < <(find "$DATA_DIR/incoming" -name '*.csv' -mtime +"$RETAIN_DAYS" -print0)
    info "archived $n raw logs older than $RETAIN_DAYS days"
}

register_weekly() {
    local tab="$DATA_DIR/.cache/tab.$$"
    crontab -l 2>/dev/null | grep -vF "$SELF" > "$tab" || true
    printf '%s MILEAGE_DATA_DIR=%q %q -n >> %q 2>&1\n' \
        "$WHEN" "$DATA_DIR" "$SELF" "$DATA_DIR/logs/weekly-run.log" >> "$tab"
    if crontab "$tab"; then
        info "weekly roll-up registered ($WHEN)"
    else
        warn "could not register weekly roll-up"
    fi
}

clean_cache() {
    rm -rf "$DATA_DIR/.cache"
}

main() {
    init_dirs
    trap clean_cache EXIT
    info "mileage roll-up starting (rate \$$RATE/mi)"
    rollup
    archive_old
    [[ $REGISTER -eq 1 ]] && register_weekly
    info "done"
}

main "$@"
