#!/usr/bin/env bash
# Lightweight uptime probe: issues HEAD requests against a list of service
# endpoints and appends results to a CSV file in the current directory.
# Meant to be run from a CI job or by hand; it does not install anything.

set -euo pipefail

TARGETS_FILE="targets.txt"
OUTPUT_CSV="uptime_results.csv"
TIMEOUT=8
RETRIES=2
VERBOSE=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-f targets_file] [-o output.csv] [-t timeout] [-r retries] [-v]
  -f  file with one URL per line (default: $TARGETS_FILE)
  -o  CSV file to append to (default: $OUTPUT_CSV)
  -t  per-request timeout in seconds (default: $TIMEOUT)
  -r  retries on failure (default: $RETRIES)
  -v  verbose output
EOF
}

log() {
    if [[ "$VERBOSE" -eq 1 ]]; then
        printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2
    fi
}

while getopts ":f:o:t:r:vh" opt; do
    case "$opt" in
        f) TARGETS_FILE="$OPTARG" ;;
        o) OUTPUT_CSV="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if [[ ! -r "$TARGETS_FILE" ]]; then
    echo "targets file '$TARGETS_FILE' not readable" >&2
    exit 66
fi

if [[ ! -f "$OUTPUT_CSV" ]]; then
    echo "timestamp,url,http_code,time_total_ms,status" > "$OUTPUT_CSV"
fi

probe() {
    local url="$1" attempt=0 result code secs
    while (( attempt <= RETRIES )); do
        # HEAD request; print status code and total time.
        if result=$(curl --head --silent --output /dev/null \
                         --max-time "$TIMEOUT" \
                         --write-out '%{http_code} %{time_total}' \
                         "$url"); then
            code=${result%% *}
            secs=${result##* }
            if [[ "$code" =~ ^[23] ]]; then
                printf '%s %s\n' "$code" "$secs"
                return 0
            fi
        fi
        attempt=$((attempt + 1))
        log "retry $attempt for $url"
        sleep $((attempt * 2))
    done
    printf '%s %s\n' "${code:-000}" "${secs:-0}"
    return 1
}

up=0
down=0
while IFS= read -r line || [[ -n "$line" ]]; do
    url="${line%%#*}"
    url="${url//[[:space:]]/}"
    [[ -z "$url" ]] && continue

    ts=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    if out=$(probe "$url"); then
        status="up"
        up=$((up + 1))
    else
        status="down"
        down=$((down + 1))
    fi
    code=${out%% *}
    ms=$(awk -v s="${out##* }" 'BEGIN { printf "%d", s * 1000 }')
    echo "$ts,$url,$code,$ms,$status" >> "$OUTPUT_CSV"
    log "$url -> $code ($ms ms) $status"
done < "$TARGETS_FILE"

echo "probed $((up + down)) endpoints: $up up, $down down (results in $OUTPUT_CSV)"
if (( down > 0 )); then
    exit 1
fi
