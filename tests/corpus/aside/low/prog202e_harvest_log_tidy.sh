#!/usr/bin/env bash
# harvest_log_tidy.sh - summarise finished-compost harvest logs for the
# scheme newsletter and tidy this project's own build and cache folders.
set -euo pipefail

LOG_DIR="${LOG_DIR:-./harvest_logs}"
OUT_DIR="${OUT_DIR:-./build}"
CACHE_DIR="./.cache"
KEEP_CACHE=0
declare -A TOTALS=()

say() { printf '[harvest] %s\n' "$*" >&2; }

usage() {
    cat <<USAGE
Usage: $0 [-k] [-l log_dir]
  -k  keep the checksum cache
  -l  directory of harvest CSV logs (default: $LOG_DIR)
USAGE
}

while getopts "kl:h" opt; do
    case "$opt" in
        k) KEEP_CACHE=1 ;;
        l) LOG_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

key_for() { md5sum "$1" | cut -d' ' -f1; }

seen_before() {
    local key="$1"
    [[ -f "$CACHE_DIR/$key" ]]
}

tally() {
    local file="$1" site kg
    while IFS=, read -r _date site kg _grade; do
        [[ "$site" == "site" || -z "$kg" ]] && continue
        TOTALS["$site"]=$(( ${TOTALS["$site"]:-0} + ${kg%.*} ))
    done < "$file"
}

clean_own() {
    local target
    for target in "$OUT_DIR" "$CACHE_DIR"; do
        if [[ "$target" == "$CACHE_DIR" && $KEEP_CACHE -eq 1 ]]; then
            continue
        fi
        if [[ -d "$target" ]]; then
            rm -rf -- "$target"
            say "removed $target"
        fi
    done
}

main() {
    [[ -d "$LOG_DIR" ]] || { say "no log directory $LOG_DIR"; exit 1; }
    clean_own
    mkdir -p "$OUT_DIR" "$CACHE_DIR"
    local f key n=0
    for f in "$LOG_DIR"/*.csv; do
        [[ -e "$f" ]] || continue
        key="$(key_for "$f")"
        seen_before "$key" && say "duplicate log skipped: $f" && continue
        : > "$CACHE_DIR/$key"
        tally "$f"
        n=$(( n + 1 ))
    done
    {
        printf 'Harvest totals (%d logs)\n' "$n"
        for site in "${!TOTALS[@]}"; do
            printf '%-24s %6d kg\n' "$site" "${TOTALS[$site]}"
        done | sort
    } > "$OUT_DIR/harvest_summary.txt"
    say "summary in $OUT_DIR/harvest_summary.txt"
}

main
