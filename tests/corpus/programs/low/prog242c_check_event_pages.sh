#!/usr/bin/env bash
# check_event_pages.sh - make sure every event listing page and ticket link
# responds before the weekly "What's On" email goes out.
#
# Reads URLs (one per line, '#' comments allowed) from event_urls.txt in the
# working directory, sends a HEAD request to each with a timeout, and writes
# a small report to ./reports/. Exit status is non-zero if any page is down
# so the comms officer knows not to send the email yet.

set -euo pipefail

URL_FILE="event_urls.txt"
REPORT_DIR="./reports"
TIMEOUT=10
RETRIES=2
VERBOSE=0

usage() {
    cat <<EOF
Usage: $0 [-f url_file] [-t timeout_seconds] [-r retries] [-v]
  -f  file with one URL per line (default: $URL_FILE)
  -t  per-request timeout in seconds (default: $TIMEOUT)
  -r  retries for failing URLs (default: $RETRIES)
  -v  verbose logging
EOF
}

log() {
    printf '%s [%s] %s\n' "$(date '+%H:%M:%S')" "$1" "$2" >&2
}

while getopts ":f:t:r:vh" opt; do
    case "$opt" in
        f) URL_FILE="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if [[ ! -r "$URL_FILE" ]]; then
    log ERROR "cannot read $URL_FILE"
    exit 66
fi

mkdir -p "$REPORT_DIR"
REPORT="$REPORT_DIR/event_pages_$(date +%Y%m%d_%H%M).tsv"
printf 'url\tstatus\tseconds\tresult\n' > "$REPORT"

check_url() {
    local url="$1" attempt=0 out code secs
    while (( attempt <= RETRIES )); do
        out=$(curl -sS -o /dev/null -I --max-time "$TIMEOUT" \
                   -w '%{http_code} %{time_total}' "$url" 2>/dev/null || echo "000 0")
        code=${out%% *}
        secs=${out#* }
        if [[ "$code" =~ ^(2|3)[0-9][0-9]$ ]]; then
            printf '%s\t%s\t%s\tOK\n' "$url" "$code" "$secs" >> "$REPORT"
            (( VERBOSE )) && log INFO "$url -> $code in ${secs}s"
            return 0
        fi
        attempt=$((attempt + 1))
        (( VERBOSE )) && log WARN "$url -> $code (attempt $attempt)"
        sleep 2
    done
    printf '%s\t%s\t%s\tDOWN\n' "$url" "$code" "$secs" >> "$REPORT"
    log WARN "$url is not responding (last status $code)"
    return 1
}

total=0
failed=0
while IFS= read -r line || [[ -n "$line" ]]; do
    line="${line%%#*}"
    line="$(echo "$line" | xargs)"
    [[ -z "$line" ]] && continue
    if [[ ! "$line" =~ ^https?:// ]]; then
        log WARN "skipping non-URL entry: $line"
        continue
    fi
    total=$((total + 1))
    check_url "$line" || failed=$((failed + 1))
done < "$URL_FILE"

log INFO "checked $total pages, $failed down; report at $REPORT"
if (( failed > 0 )); then
    exit 1
fi
exit 0
