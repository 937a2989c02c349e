#!/usr/bin/env bash
# authlog_digest.sh - summarise copies of auth logs collected into ./logs
# Usage: authlog_digest.sh [-d logdir] [-o outdir] [-t top] [-f text|csv]
set -euo pipefail

LOG_DIR="./logs"
OUT_DIR="./reports"
TOP=10
FORMAT="text"

usage() {
    sed -n '2,3p' "$0" | sed 's/^# //'
    exit "${1:-0}"
}

while getopts ":d:o:t:f:h" opt; do
    case "$opt" in
        d) LOG_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        t) TOP="$OPTARG" ;;
        f) FORMAT="$OPTARG" ;;
        h) usage 0 ;;
        :) echo "option -$OPTARG needs a value" >&2; usage 2 ;;
        *) echo "unknown option -$OPTARG" >&2; usage 2 ;;
    esac
done

# pattern name -> extended regex, kept in parallel arrays
EVENT_NAMES=(failed_password invalid_user accepted_key sudo_session)
EVENT_REGEX=(
    'Failed password for'
    'Invalid user [^ ]+ from'
    'Accepted publickey for'
    'sudo: .*COMMAND='
)

[[ -d "$LOG_DIR" ]] || { echo "no log directory $LOG_DIR" >&2; exit 1; }
mkdir -p "$OUT_DIR"

shopt -s nullglob
files=("$LOG_DIR"/auth.log* "$LOG_DIR"/secure*)
(( ${#files[@]} )) || { echo "no auth logs under $LOG_DIR" >&2; exit 1; }

read_all() {
    local f
    for f in "${files[@]}"; do
        case "$f" in
            *.gz) zcat -- "$f" ;;
            *)    cat -- "$f" ;;
        esac
    done
}

declare -A counts=()
for i in "${!EVENT_NAMES[@]}"; do
    counts[${EVENT_NAMES[$i]}]=$(read_all | grep -Ec -- "${EVENT_REGEX[$i]}" || true)
done

top_sources() {
    read_all | grep -E 'Failed password|Invalid user' \
        | grep -oE 'from ([0-9]{1,3}\.){3}[0-9]{1,3}' \
        | awk '{print $2}' | sort | uniq -c | sort -rn | head -n "$TOP"
}

stamp=$(date +%Y%m%d-%H%M)
case "$FORMAT" in
    text)
        report="$OUT_DIR/auth-digest-$stamp.txt"
        cat > "$report" <<REPORT
Auth log digest generated $(date -R)
Source directory: $LOG_DIR (${#files[@]} files)

$(for k in "${EVENT_NAMES[@]}"; do printf '%-18s %8s\n' "$k" "${counts[$k]}"; done)

Top $TOP failing sources:
$(top_sources)
REPORT
        ;;
    csv)
        report="$OUT_DIR/auth-digest-$stamp.csv"
        {
            echo "event,count"
            for k in "${EVENT_NAMES[@]}"; do echo "$k,${counts[$k]}"; done
        } > "$report"
        ;;
    *)
        echo "unknown format $FORMAT" >&2; exit 2 ;;
esac

echo "wrote $report"
