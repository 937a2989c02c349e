#!/usr/bin/env bash
# access_log_rollup.sh - roll up nginx-style access logs kept in ./logs
# Started life as:  awk '{print $9}' access.log | sort | uniq -c | sort -rn
# and grew into something the team can run before each retro.
set -euo pipefail

LOG_DIR="${LOG_DIR:-./logs}"
OUT_DIR="${OUT_DIR:-./reports}"
TOP_N=10
SINCE=""

usage() {
    cat <<USAGE
Usage: $0 [-d log_dir] [-o out_dir] [-n top_n] [-s YYYY-MM-DD]
Summarise status codes, top paths and slow requests from access logs.
USAGE
}

while getopts ":d:o:n:s:h" opt; do
    case "$opt" in
        d) LOG_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        n) TOP_N="$OPTARG" ;;
        s) SINCE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

[[ -d "$LOG_DIR" ]] || { log "no log directory: $LOG_DIR"; exit 1; }
mkdir -p "$OUT_DIR"

report="$OUT_DIR/rollup-$(date +%Y%m%d).txt"
: > "$report"

# Collect candidate files (plain and rotated+gzipped) into an array.
files=()
while IFS= read -r -d '' f; do
    files+=("$f")
done < <(find "$LOG_DIR" -maxdepth 1 -type f \( -name '*.log' -o -name '*.log.[0-9]*.gz' \) -print0 | sort -z)

if (( ${#files[@]} == 0 )); then
    log "nothing to do in $LOG_DIR"
    exit 0
fi
log "found ${#files[@]} file(s)"

emit() {
    local f
    for f in "${files[@]}"; do
        case "$f" in
            *.gz) gzip -dc -- "$f" ;;
            *)    cat -- "$f" ;;
        esac
    done
}

# Optional date filter: nginx dates look like [12/Mar/2024:10:00:00 +0000]
filter_since() {
    if [[ -z "$SINCE" ]]; then
        cat
        return
    fi
    local since_key
    since_key="$(date -d "$SINCE" +%Y%m%d)"
    awk -v since="$since_key" '
        BEGIN { split("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec", m, " ")
                for (i = 1; i <= 12; i++) mon[m[i]] = sprintf("%02d", i) }
        {
            split(substr($4, 2, 11), d, "/")
            key = d[3] mon[d[2]] d[1]
            if (key >= since) print
        }'
}

total=$(emit | filter_since | wc -l)
{
    echo "Access log rollup for $LOG_DIR (generated $(date -u +%FT%TZ))"
    echo "Requests: $total"
    echo
    echo "== Status codes =="
    emit | filter_since | awk '{c[$9]++} END {for (s in c) printf "%s\t%d\n", s, c[s]}' | sort -k2,2nr
    echo
    echo "== Top $TOP_N paths =="
    emit | filter_since | awk '{sub(/\?.*/, "", $7); print $7}' | sort | uniq -c | sort -rn | head -n "$TOP_N"
    echo
    echo "== Slowest requests (request_time is the last field) =="
    emit | filter_since | awk '{printf "%s\t%s %s\n", $NF, $6, $7}' | tr -d '"' | sort -k1,1gr | head -n "$TOP_N"
} >> "$report"

# Flag error bursts: any minute with more than 20 5xx responses.
bursts=$(emit | filter_since | awk '$9 ~ /^5/ {print substr($4, 2, 17)}' | uniq -c | awk '$1 > 20')
if [[ -n "$bursts" ]]; then
    echo >> "$report"
    echo "== 5xx bursts ==" >> "$report"
    while read -r count minute; do
        printf '%s\t%s\n' "$minute" "$count" >> "$report"
    done <<< "$bursts"
fi

log "wrote $report ($(wc -l < "$report") lines)"
