#!/bin/bash
# Pulls turnstile status from the three station gate controllers and
# prints a short summary for the morning opening checklist.
set -u

GATES="${GATES:-valley:198.51.100.21 middle:198.51.100.22 summit:198.51.100.23}"
WORK_FILE="/tmp/gate_status.json"
SUMMARY_FILE="/tmp/gate_summary.txt"
TIMEOUT=8
FAILED=0
QUIET=0
HISTORY_FILE=""

usage() {
    echo "Usage: $0 [-q] [-H history_file]"
    echo "  -q               only print problems"
    echo "  -H history_file  append the summary to a history log"
}

while getopts "qH:h" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        H) HISTORY_FILE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

for tool in curl jq; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "missing required tool: $tool" >&2
        exit 2
    fi
done

: > "$SUMMARY_FILE"

note() {
    echo "$*" >> "$SUMMARY_FILE"
    if [ "$QUIET" -eq 0 ]; then
        echo "$*"
    fi
}

pull_gate() {
    name="$1"
    addr="$2"
    # gate controllers ship with self-signed certificates
    if ! curl -k -s --max-time "$TIMEOUT" -o "$WORK_FILE" "https://$addr/api/status"; then
        note "$name: unreachable ($addr)"
        FAILED=$((FAILED + 1))
        return
    fi
    if ! jq -e . "$WORK_FILE" >/dev/null 2>&1; then
        note "$name: bad response"
        FAILED=$((FAILED + 1))
        return
    fi
    state="$(jq -r '.state' "$WORK_FILE")"
    open_gates="$(jq -r '[.gates[] | select(.open)] | length' "$WORK_FILE")"
    total_gates="$(jq -r '.gates | length' "$WORK_FILE")"
    faults="$(jq -r '[.gates[] | select(.fault != null)] | length' "$WORK_FILE")"
    note "$name: state=$state open=$open_gates/$total_gates faults=$faults"
    if [ "$faults" -gt 0 ]; then
        jq -r '.gates[] | select(.fault != null) | "  gate \(.id): \(.fault)"' "$WORK_FILE" \
            | tee -a "$SUMMARY_FILE"
    fi
}

for entry in $GATES; do
    pull_gate "${entry%%:*}" "${entry#*:}"
done

note "----"
if [ -n "$HISTORY_FILE" ]; then
    { date '+%F %T'; cat "$SUMMARY_FILE"; } >> "$HISTORY_FILE"
fi
if [ "$FAILED" -gt 0 ]; then
    note "$FAILED station(s) need attention before opening"
    exit 1
fi
note "all gate controllers reporting"
rm -f "$WORK_FILE"
