#!/usr/bin/env bash
# Check that the HTTPS front doors of our own tunnel endpoints respond.
# Reads ./endpoints.txt (one "name url" per line), HEADs each URL with curl,
# and writes a TSV report under ./health/ in the working directory.
set -euo pipefail

ENDPOINTS_FILE="${1:-./endpoints.txt}"
REPORT_DIR="./health"
TIMEOUT="${HEALTH_TIMEOUT:-5}"
RETRIES="${HEALTH_RETRIES:-2}"
VERBOSE="${VERBOSE:-0}"

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
debug() { [ "$VERBOSE" = "1" ] && log "debug: $*" || true; }

usage() {
    cat <<USAGE
usage: $0 [endpoints-file]
  HEALTH_TIMEOUT  seconds per request (default 5)
  HEALTH_RETRIES  retries per endpoint (default 2)
USAGE
}

if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    usage
    exit 0
fi

if [ ! -r "$ENDPOINTS_FILE" ]; then
    log "cannot read $ENDPOINTS_FILE"
    exit 2
fi

mkdir -p "$REPORT_DIR"
report="$REPORT_DIR/report-$(date +%Y%m%d-%H%M%S).tsv"
printf 'name\turl\tstatus\tseconds\n' > "$report"

check_one() {
    local name="$1" url="$2" attempt=0 out code secs
    while [ "$attempt" -le "$RETRIES" ]; do
        if out=$(curl -s -I -o "$REPORT_DIR/.last-headers" --max-time "$TIMEOUT" \
                    -w '%{http_code} %{time_total}' "$url"); then
            code="${out%% *}"
            secs="${out##* }"
            debug "$name attempt $attempt -> $code"
            if [ "$code" -ge 200 ] && [ "$code" -lt 400 ]; then
                printf '%s\t%s\t%s\t%s\n' "$name" "$url" "$code" "$secs" >> "$report"
                return 0
            fi
        fi
        attempt=$((attempt + 1))
        sleep 1
    done
    printf '%s\t%s\t%s\t%s\n' "$name" "$url" "${code:-000}" "-" >> "$report"
    return 1
}

total=0
failed=0
while read -r name url; do
    case "$name" in
        ''|'#'*) continue ;;
    esac
    total=$((total + 1))
    if ! check_one "$name" "$url"; then
        failed=$((failed + 1))
        log "DOWN $name ($url)"
    else
        log "up   $name"
    fi
done < "$ENDPOINTS_FILE"

log "$((total - failed))/$total endpoints healthy; report: $report"
[ "$failed" -eq 0 ]
