#!/usr/bin/env bash
# Roll up nginx-style access logs found under ./logs into a few plain-text
# reports under ./reports. Everything happens inside the project directory.
set -euo pipefail

LOG_DIR="./logs"
OUT_DIR="./reports"
TOP_N=15
VERBOSE=0

usage() {
    cat <<USAGE
Usage: ${0##*/} [-d LOG_DIR] [-o OUT_DIR] [-n TOP_N] [-v]
  -d  directory containing *.log / *.log.gz files (default: ./logs)
  -o  output directory for reports (default: ./reports)
  -n  number of rows in the top-N tables (default: 15)
  -v  verbose progress on stderr
USAGE
}

log() { (( VERBOSE )) && printf '[rollup %(%H:%M:%S)T] %s\n' -1 "$*" >&2 || true; }
die() { printf 'rollup: %s\n' "$*" >&2; exit 1; }

while getopts ':d:o:n:vh' opt; do
    case "$opt" in
        d) LOG_DIR=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        n) TOP_N=$OPTARG ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

[[ -d $LOG_DIR ]] || die "log directory '$LOG_DIR' not found"
[[ $TOP_N =~ ^[0-9]+$ ]] || die "TOP_N must be numeric"

WORK="$PWD/.rollup-work"
FIFO="$WORK/lines.fifo"
mkdir -p "$WORK" "$OUT_DIR"

cleanup() {
    exec 3>&- 4>&- 2>/dev/null || true
    rm -rf -- "$WORK"
}
trap cleanup EXIT INT TERM

mkfifo "$FIFO"

# Producer: decompress every rotated log into the named pipe.
find "$LOG_DIR" -type f \( -name '*.log' -o -name '*.log.*' \) -print0 \
    | sort -z \
    | xargs -0 --no-run-if-empty zcat -f -- > "$FIFO" &
producer=$!
log "producer started (pid $producer)"

exec 3> "$WORK/status.tsv"
exec 4> "$WORK/paths.tsv"

declare -A bytes_by_status=()
total=0
while read -r ip _ _ _ _ method path _ status size _; do
    [[ $status =~ ^[0-9]{3}$ ]] || continue
    [[ $size =~ ^[0-9]+$ ]] || size=0
    method=${method#\"}
    printf '%s\t%s\n' "$status" "$ip" >&3
    printf '%s\t%s\n' "$method" "${path%%\?*}" >&4
    (( bytes_by_status[$status] += size )) || true
    (( ++total ))
    (( total % 50000 == 0 )) && log "processed $total lines"
done < "$FIFO"

wait "$producer" || die "decompression failed"
exec 3>&- 4>&-
log "processed $total lines in total"

{
    printf 'Access log rollup  (%s lines)\n' "$total"
    printf 'Generated: %(%Y-%m-%d %H:%M)T\n\n' -1
    printf '== Requests by status ==\n'
    cut -f1 "$WORK/status.tsv" | sort | uniq -c | sort -rn
    printf '\n== Bytes by status ==\n'
    for s in "${!bytes_by_status[@]}"; do
        printf '%s %12d\n' "$s" "${bytes_by_status[$s]}"
    done | sort
    printf '\n== Top %d client addresses ==\n' "$TOP_N"
    cut -f2 "$WORK/status.tsv" | sort | uniq -c | sort -rn | head -n "$TOP_N"
    printf '\n== Top %d paths ==\n' "$TOP_N"
    cut -f2 "$WORK/paths.tsv" | sort | uniq -c | sort -rn | head -n "$TOP_N"
} | tee "$OUT_DIR/summary.txt" > /dev/null

# Separate file listing only the error paths, built with process substitution.
paste "$WORK/status.tsv" "$WORK/paths.tsv" \
    | awk -F'\t' '$1 >= 500 { print $1 "\t" $4 }' \
    | sort | uniq -c | sort -rn > "$OUT_DIR/errors.txt"

errors=$(wc -l < "$OUT_DIR/errors.txt")
read -r first_err < <(head -n1 "$OUT_DIR/errors.txt" || true) || first_err="none"
log "distinct 5xx paths: $errors (worst: ${first_err:-none})"

printf 'Reports written to %s\n' "$OUT_DIR"
