#!/usr/bin/env bash
# Summarise a Minecraft server's logs in the current directory:
# player sessions, deaths, chat volume and top advancements.
set -euo pipefail

LOG_DIR="${1:-logs}"
REPORT="${2:-report.txt}"

if [ ! -d "$LOG_DIR" ]; then
    echo "log directory '$LOG_DIR' not found" >&2
    exit 1
fi

host_info() {
    if [ -r /etc/os-release ]; then
        printf 'Host OS: %s\n' "$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)"
    fi
    printf 'CPU: %s\n' "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
}

all_logs() {
    # latest.log plus rotated gzip logs, oldest first
    for f in $(ls -1 "$LOG_DIR"/*.log.gz 2>/dev/null | sort); do
        zcat "$f"
    done
    if [ -f "$LOG_DIR/latest.log" ]; then
        cat "$LOG_DIR/latest.log"
    fi
}

count_joins() {
    grep -E ' joined the game$' | sed -E 's/.*: ([A-Za-z0-9_]+) joined the game$/\1/' \
        | sort | uniq -c | sort -rn | head -n 15
}

count_deaths() {
    grep -E ': [A-Za-z0-9_]+ (was|fell|drowned|burned|blew|hit|starved|suffocated|died)' \
        | sed -E 's/.*: ([A-Za-z0-9_]+) .*/\1/' | sort | uniq -c | sort -rn | head -n 10
}

count_chat() {
    grep -E ': <[A-Za-z0-9_]+>' | sed -E 's/.*: <([A-Za-z0-9_]+)>.*/\1/' \
        | sort | uniq -c | sort -rn | head -n 10
}

count_advancements() {
    grep -E 'has made the advancement' | sed -E 's/.*\[(.*)\]$/\1/' \
        | sort | uniq -c | sort -rn | head -n 10
}

TMP_LOG="./.combined-logs.txt"
trap 'rm -f "$TMP_LOG"' EXIT
all_logs > "$TMP_LOG"

{
    echo "Minecraft server report - $(date '+%Y-%m-%d %H:%M')"
    host_info
    echo "Lines analysed: $(wc -l < "$TMP_LOG")"
    echo
    echo "== Most frequent players =="
    count_joins < "$TMP_LOG" || true
    echo
    echo "== Deaths =="
    count_deaths < "$TMP_LOG" || true
    echo
    echo "== Chattiest players =="
    count_chat < "$TMP_LOG" || true
    echo
    echo "== Advancements =="
    count_advancements < "$TMP_LOG" || true
} > "$REPORT"

echo "report written to $REPORT"
