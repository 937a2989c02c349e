#!/usr/bin/env bash
# Check that each HLS / Icecast endpoint listed in streams.txt answers a HEAD
# request, and record status, content type and latency in ./stream_status.csv.
#
# streams.txt format:  <name> <url>      (lines starting with # are ignored)
set -euo pipefail

LIST_FILE="${1:-streams.txt}"
OUT_FILE="${OUT_FILE:-stream_status.csv}"
TIMEOUT="${TIMEOUT:-8}"
RETRIES="${RETRIES:-2}"
VERBOSE=0

usage() {
    echo "usage: $0 [-v] [streams.txt]" >&2
    exit 64
}

while getopts ":vh" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        h|*) usage ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] && LIST_FILE="$1"

log() {
    if [[ "$VERBOSE" -eq 1 ]]; then
        printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2
    fi
}

probe() {
    local url="$1" attempt=0 out
    while (( attempt <= RETRIES )); do
        if out=$(curl -sS -I -L --max-time "$TIMEOUT" \
                    -o /dev/null \
                    -w '%{http_code} %{content_type} %{time_total}' \
                    "$url" 2>/dev/null); then
            echo "$out"
            return 0
        fi
        attempt=$((attempt + 1))
        log "retry $attempt for $url"
        sleep 1
    done
    echo "000 - -"
    return 1
}

classify() {
    local code="$1" ctype="$2"
    case "$code" in
        2??)
            case "$ctype" in
                *mpegurl*|*audio/*|*video/*) echo "ok" ;;
                *) echo "unexpected-type" ;;
            esac ;;
        3??) echo "redirect" ;;
        4??) echo "client-error" ;;
        5??) echo "server-error" ;;
        *)   echo "unreachable" ;;
    esac
}

[[ -r "$LIST_FILE" ]] || { echo "cannot read $LIST_FILE" >&2; exit 1; }

echo "checked_at,name,http_code,content_type,seconds,verdict" > "$OUT_FILE"
total=0
bad=0
while read -r name url; do
    [[ -z "${name:-}" || "$name" == \#* ]] && continue
    total=$((total + 1))
    log "probing $name ($url)"
    read -r code ctype secs < <(probe "$url" || true)
    verdict=$(classify "$code" "$ctype")
    [[ "$verdict" == "ok" ]] || bad=$((bad + 1))
    printf '%s,%s,%s,%s,%s,%s\n' "$(date -u +%FT%TZ)" "$name" "$code" \
        "${ctype%%;*}" "$secs" "$verdict" >> "$OUT_FILE"
done < "$LIST_FILE"

echo "checked $total endpoints, $bad need attention -> $OUT_FILE"
[[ "$bad" -eq 0 ]]
