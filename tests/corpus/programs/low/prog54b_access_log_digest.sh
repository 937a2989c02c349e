#!/usr/bin/env bash
# Summarise the nginx access logs collected into ./logs by the fetch job.
# Writes an awk program into ./build/ and runs it over every log file,
# producing ./build/digest.txt (top paths, status mix, bytes per day).
set -euo pipefail

LOG_DIR="${LOG_DIR:-./logs}"
BUILD_DIR="${BUILD_DIR:-./build}"
TOP_N=15
KEEP_HELPER=0

usage() {
    cat <<USAGE
usage: $0 [-d logdir] [-o builddir] [-n top] [-k]
  -k   keep the generated awk helper after the run
USAGE
}

while getopts ":d:o:n:kh" opt; do
    case "$opt" in
        d) LOG_DIR="$OPTARG" ;;
        o) BUILD_DIR="$OPTARG" ;;
        n) TOP_N="$OPTARG" ;;
        k) KEEP_HELPER=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

log() { printf '[digest] %s\n' "$*" >&2; }

[ -d "$LOG_DIR" ] || { log "no log directory $LOG_DIR"; exit 1; }
mkdir -p "$BUILD_DIR"
HELPER="$BUILD_DIR/digest.awk"
REPORT="$BUILD_DIR/digest.txt"

write_helper() {
    cat > "$HELPER" <<'AWK'
# combined log format: ip - user [date:time zone] "METHOD path proto" status bytes ...
{
    split($4, when, ":"); day = substr(when[1], 2)
    path = $7; status = $9; size = ($10 ~ /^[0-9]+$/) ? $10 : 0
    hits[path]++; codes[status]++; bytes[day] += size; total++
}
END {
    printf "requests: %d\n\n== status ==\n", total
    for (c in codes) printf "%s %d\n", c, codes[c] | "sort"
    close("sort")
    printf "\n== bytes per day ==\n"
    for (d in bytes) printf "%s %.1f MiB\n", d, bytes[d] / 1048576 | "sort"
    close("sort")
    printf "\n== paths ==\n"
    for (p in hits) printf "%7d %s\n", hits[p], p | "sort -rn | head -n " top
    close("sort -rn | head -n " top)
}
AWK
}

collect_inputs() {
    find "$LOG_DIR" -maxdepth 1 -type f \( -name '*.log' -o -name '*.log.gz' \) | sort
}

main() {
    write_helper
    local files=() f
    while IFS= read -r f; do files+=("$f"); done < <(collect_inputs)
    if [ "${#files[@]}" -eq 0 ]; then
        log "nothing to summarise in $LOG_DIR"
        exit 0
    fi
    log "summarising ${#files[@]} file(s)"
    for f in "${files[@]}"; do
        case "$f" in
            *.gz) gzip -dc -- "$f" ;;
            *)    cat -- "$f" ;;
        esac
    done | awk -v top="$TOP_N" -f "$HELPER" > "$REPORT"
    log "report written to $REPORT"
    if [ "$KEEP_HELPER" -eq 0 ]; then
        rm -f -- "$HELPER"
    fi
}

main "$@"
