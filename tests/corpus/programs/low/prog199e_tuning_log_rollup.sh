#!/usr/bin/env bash
# Roll up the tuners' visit logs (one CSV per visit) into a per-instrument summary.
# CSV columns: date,opus,church,tuner,ranks_tuned,minutes,temp_c
# Usage: prog199e_tuning_log_rollup.sh [-d logs_dir] [-o out.csv] [--clean]
set -euo pipefail

LOG_DIR="./visit_logs"
OUT="./tuning_summary.csv"
WORK="./.rollup_build"
CLEAN=0

say() { printf '[rollup] %s\n' "$*" >&2; }

parse_args() {
    while (( $# )); do
        case "$1" in
            -d) LOG_DIR="$2"; shift ;;
            -o) OUT="$2"; shift ;;
            --clean) CLEAN=1 ;;
            -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
            *) say "unknown argument $1"; exit 2 ;;
        esac
        shift
    done
}

collect() {
    local files=()
    mapfile -t files < <(find "$LOG_DIR" -maxdepth 1 -name '*.csv' | sort)
    if (( ${#files[@]} == 0 )); then
        say "no visit logs in $LOG_DIR"
        return 1
    fi
    say "merging ${#files[@]} visit logs"
    mkdir -p "$WORK"
    : > "$WORK/merged.csv"
    local f
    for f in "${files[@]}"; do
        tail -n +2 "$f" >> "$WORK/merged.csv"
    done
}

summarise() {
    {
        echo "opus,church,visits,total_minutes,avg_temp_c,last_visit"
        awk -F, '
            NF >= 7 {
                key = $2 FS $3
                visits[key]++
                mins[key] += $6
                temp[key] += $7
                if ($1 > last[key]) last[key] = $1
            }
            END {
                for (k in visits)
                    printf "%s,%d,%d,%.1f,%s\n", k, visits[k], mins[k], temp[k] / visits[k], last[k]
            }' "$WORK/merged.csv" | sort -t, -k1,1
    } > "$OUT"
}

overdue() {
    local cutoff
    cutoff="$(date -d '-6 months' +%F 2>/dev/null || echo 0000-00-00)"
    awk -F, -v c="$cutoff" 'NR > 1 && $6 < c { printf "  overdue: opus %s (%s), last %s\n", $1, $2, $6 }' "$OUT"
}

main() {
    parse_args "$@"
    collect || exit 1
    summarise
    say "wrote $OUT ($(($(wc -l < "$OUT") - 1)) instruments)"
    overdue >&2 || true
    if (( CLEAN )); then
        rm -rf "$WORK"
        say "removed $WORK"
    fi
}

main "$@"
