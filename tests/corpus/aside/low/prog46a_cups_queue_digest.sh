#!/usr/bin/env bash
# Build a daily digest of the office print server queues.
#
# Pulls the public CUPS web pages (read-only GET), extracts pending jobs and
# printer states, and writes a plain-text digest into ./reports/.  Raw pages
# are cached in ./.cache/cups and old cache files are pruned on every run.

set -euo pipefail

CUPS_HOST="${CUPS_HOST:-printserver.office.lan}"
CUPS_PORT="${CUPS_PORT:-631}"
CACHE_DIR="./.cache/cups"
REPORT_DIR="./reports"
KEEP_DAYS="${KEEP_DAYS:-7}"
VERBOSE=0

usage() {
    cat <<EOF
Usage: $0 [-H host] [-p port] [-k keep_days] [-v]
Writes \$REPORT_DIR/print-digest-YYYY-MM-DD.txt
EOF
}

log() {
    if [ "$VERBOSE" -eq 1 ]; then
        printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2
    fi
}

while getopts ":H:p:k:vh" opt; do
    case "$opt" in
        H) CUPS_HOST="$OPTARG" ;;
        p) CUPS_PORT="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

mkdir -p "$CACHE_DIR" "$REPORT_DIR"
stamp="$(date +%F)"
base="http://${CUPS_HOST}:${CUPS_PORT}"

fetch_page() {
    local path="$1" out="$2"
    log "GET ${base}${path}"
    if ! curl -fsS --max-time 15 -o "$out" "${base}${path}"; then
        echo "warning: could not fetch ${path}" >&2
        : > "$out"
    fi
}

jobs_html="${CACHE_DIR}/jobs-${stamp}.html"
printers_html="${CACHE_DIR}/printers-${stamp}.html"
fetch_page "/jobs?which_jobs=not-completed" "$jobs_html"
fetch_page "/printers/" "$printers_html"

# Strip tags and pull the interesting table cells out of the CUPS pages.
extract_rows() {
    sed -e 's/<[^>]*>/ /g' -e 's/&nbsp;/ /g' "$1" | tr -s ' ' | grep -v '^ *$' || true
}

pending_count=$(extract_rows "$jobs_html" | grep -Ec '^ ?[A-Za-z0-9_-]+-[0-9]+ ' || true)

report="${REPORT_DIR}/print-digest-${stamp}.txt"
{
    echo "Print server digest for ${CUPS_HOST} (${stamp})"
    echo "=================================================="
    echo
    echo "Pending jobs: ${pending_count}"
    extract_rows "$jobs_html" | grep -E '^ ?[A-Za-z0-9_-]+-[0-9]+ ' | head -n 50 | sed 's/^/  /'
    echo
    echo "Printer states:"
    extract_rows "$printers_html" \
        | awk '/Idle|Processing|Stopped|Paused/ { printf "  %s\n", $0 }' \
        | sort -u
} > "$report"

stopped=$(grep -c 'Stopped' "$report" || true)
if [ "${stopped:-0}" -gt 0 ]; then
    echo "NOTE: ${stopped} printer(s) report Stopped; see ${report}"
fi

# Prune our own cache files older than KEEP_DAYS.
log "pruning cache older than ${KEEP_DAYS} days"
find "$CACHE_DIR" -maxdepth 1 -type f -name '*.html' -mtime +"$KEEP_DAYS" -delete

echo "digest written to ${report}"
