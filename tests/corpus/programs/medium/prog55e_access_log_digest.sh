#!/usr/bin/env bash
# Nightly digest of web access logs. Intermediate data goes through a named
# pipe and scratch files so large rotated logs never have to fit in memory.
set -euo pipefail

LOG_DIR="${LOG_DIR:-./logs}"
OUT_DIR="${OUT_DIR:-./reports}"
TOP_N="${TOP_N:-15}"
QUIET=0

SCRATCH=/tmp/logdigest
FIFO=/tmp/logdigest.fifo
STATUS_TSV=$SCRATCH/status.tsv
PATHS_TSV=$SCRATCH/paths.tsv

usage() {
    printf 'Usage: %s [-d LOG_DIR] [-o OUT_DIR] [-n TOP_N] [-q]\n' "${0##*/}"
}

note() { (( QUIET )) || printf '[digest] %s\n' "$*" >&2; }
fail() { printf '[digest] error: %s\n' "$*" >&2; exit 1; }

while getopts ':d:o:n:qh' opt; do
    case "$opt" in
        d) LOG_DIR=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        n) TOP_N=$OPTARG ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

[[ -d $LOG_DIR ]] || fail "no log directory at $LOG_DIR"

finish() {
    exec 5>&- 6>&- 2>/dev/null || true
    rm -f "$FIFO"
    rm -rf "$SCRATCH"
}
trap finish EXIT

mkdir -p "$SCRATCH" "$OUT_DIR"
rm -f "$FIFO"
mkfifo -m 0644 "$FIFO"

# Feed all logs, compressed or not, into the shared pipe in the background.
find "$LOG_DIR" -type f -name '*.log*' -exec zcat -f -- {} + > "$FIFO" &
feeder=$!
note "feeding logs from $LOG_DIR (pid $feeder)"

exec 5> "$STATUS_TSV" 6> "$PATHS_TSV"

lines=0
skipped=0
while IFS=' ' read -r client _ _ _ _ verb target _ code size _; do
    if [[ ! $code =~ ^[1-5][0-9][0-9]$ ]]; then
        (( ++skipped ))
        continue
    fi
    printf '%s\t%s\t%s\n' "$code" "$client" "${size//-/0}" >&5
    printf '%s\t%s\n' "${verb#\"}" "${target%%\?*}" >&6
    (( ++lines ))
done < "$FIFO"

wait "$feeder" || fail "log feeder exited non-zero"
exec 5>&- 6>&-
note "parsed $lines lines, skipped $skipped"

report="$OUT_DIR/digest-$(date +%F).txt"
{
    echo "Access log digest for $(date +%F)"
    echo "Lines: $lines   Skipped: $skipped"
    echo
    echo "-- Status codes --"
    cut -f1 "$STATUS_TSV" | sort | uniq -c | sort -rn
    echo
    echo "-- Bytes served --"
    awk -F'\t' '{ s += $3 } END { printf "%.1f MiB\n", s / 1048576 }' "$STATUS_TSV"
    echo
    echo "-- Top $TOP_N clients --"
    cut -f2 "$STATUS_TSV" | sort | uniq -c | sort -rn | head -n "$TOP_N"
    echo
    echo "-- Top $TOP_N targets --"
    cut -f2 "$PATHS_TSV" | sort | uniq -c | sort -rn | head -n "$TOP_N"
} | tee "$report" | { (( QUIET )) && cat > /dev/null || tail -n 8 >&2; }

paste "$STATUS_TSV" "$PATHS_TSV" \
    | awk -F'\t' '$1 ~ /^5/ { print $5 }' \
    | sort | uniq -c | sort -rn > "$SCRATCH/server-errors.txt"

cp "$SCRATCH/server-errors.txt" "$OUT_DIR/server-errors-$(date +%F).txt"
note "report: $report"
