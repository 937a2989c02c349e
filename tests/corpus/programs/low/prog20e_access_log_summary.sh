#!/bin/sh
# access-summary: summarise combined-format access logs exported into
# ./logs (plain or gzipped) and write a markdown report to ./reports.
#   access-summary [-d logdir] [-o report.md] [-n top] [-p path-prefix]
set -eu

LOG_DIR="./logs"
OUT=""
TOP=10
PREFIX=""

if [ -t 1 ]; then
    HI="$(printf '\033[1m')"; LO="$(printf '\033[0m')"
else
    HI=""; LO=""
fi

msg() { printf '%s%s%s\n' "$HI" "$*" "$LO" >&2; }

while getopts "d:o:n:p:h" opt; do
    case "$opt" in
        d) LOG_DIR="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        n) TOP="$OPTARG" ;;
        p) PREFIX="$OPTARG" ;;
        h) sed -n '2,4p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[ -d "$LOG_DIR" ] || { msg "no such directory: $LOG_DIR"; exit 1; }
[ -n "$OUT" ] || OUT="./reports/access-$(date +%Y%m%d).md"
mkdir -p "$(dirname "$OUT")"

# stream every log file (gz or plain) to stdout, oldest first
stream_logs() {
    find "$LOG_DIR" -type f \( -name '*.log' -o -name '*.log.[0-9]*' \) | sort -r |
    while IFS= read -r f; do
        case "$f" in
            *.gz) gzip -dc "$f" ;;
            *)    cat "$f" ;;
        esac
    done
}

filtered() {
    if [ -n "$PREFIX" ]; then
        stream_logs | awk -v p="$PREFIX" 'index($7, p) == 1'
    else
        stream_logs
    fi
}

section() {
    printf '\n## %s\n\n' "$1"
}

table() {
    # $1 = header, stdin = "count value" lines
    printf '| count | %s |\n|------:|---|\n' "$1"
    awk '{c=$1; $1=""; sub(/^ /, ""); printf "| %d | `%s` |\n", c, $0}'
}

msg "reading logs from $LOG_DIR"
total="$(filtered | wc -l | tr -d ' ')"
[ "$total" -gt 0 ] || { msg "no requests found"; exit 1; }

{
    printf '# Access log summary\n\n'
    printf -- '- generated: %s\n- source: `%s`\n- requests: %s\n' "$(date '+%F %T')" "$LOG_DIR" "$total"
    [ -n "$PREFIX" ] && printf -- '- path prefix: `%s`\n' "$PREFIX"

    section "Status codes"
    filtered | awk '{print $9}' | sort | uniq -c | sort -rn | table "status"

    section "Top $TOP paths"
    filtered | awk '{sub(/\?.*/, "", $7); print $7}' | sort | uniq -c | sort -rn | head -n "$TOP" | table "path"

    section "Top $TOP clients"
    filtered | awk '{print $1}' | sort | uniq -c | sort -rn | head -n "$TOP" | table "client"

    section "Server errors by path"
    filtered | awk '$9 ~ /^5/ {sub(/\?.*/, "", $7); print $7}' | sort | uniq -c | sort -rn | head -n "$TOP" | table "path"

    section "Requests per hour"
    filtered | awk -F'[][]' '{split($2, t, ":"); print t[2] ":00"}' | sort | uniq -c | sort -k2 | table "hour"

    section "Bytes served"
    filtered | awk '$10 ~ /^[0-9]+$/ {b += $10} END {printf "%.1f MiB\n", b / 1048576}'
} > "$OUT"

msg "report written to $OUT"
