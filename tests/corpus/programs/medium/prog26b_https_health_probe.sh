#!/usr/bin/env bash
# Probe the /healthz endpoint of internal HTTPS services.
# Internal services use certificates from a private CA that is not in the
# system trust store, so certificate verification is disabled (-k).
# Results are printed as a table and appended to health_history.log.

set -uo pipefail

SERVICES_FILE="services.txt"
HISTORY="health_history.log"
TIMEOUT=5
PATH_SUFFIX="/healthz"
FAILURES=0

usage() {
    echo "Usage: $0 [-s services.txt] [-t timeout] [-p /healthz]"
    echo "  services.txt lists one base URL per line, e.g. https://billing.internal:8443"
}

while getopts ":s:t:p:h" opt; do
    case "$opt" in
        s) SERVICES_FILE="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        p) PATH_SUFFIX="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! -r "$SERVICES_FILE" ]]; then
    echo "cannot read $SERVICES_FILE" >&2
    exit 2
fi

probe() {
    local base="$1" url out code time_total
    url="${base%/}${PATH_SUFFIX}"
    # -k: skip certificate verification for the private CA
    out=$(curl -sk -o /dev/null \
        --max-time "$TIMEOUT" \
        -w '%{http_code} %{time_total}' \
        "$url" 2>/dev/null) || out="000 0"
    code="${out%% *}"
    time_total="${out##* }"
    printf '%s %s %s\n' "$url" "$code" "$time_total"
}

status_word() {
    case "$1" in
        2??) echo "UP" ;;
        000) echo "UNREACHABLE" ;;
        5??) echo "ERROR" ;;
        *) echo "DEGRADED" ;;
    esac
}

stamp=$(date -u +%Y-%m-%dT%H:%M:%SZ)
printf '%-50s %-12s %6s %8s\n' "URL" "STATUS" "CODE" "SECONDS"

while IFS= read -r base || [[ -n "$base" ]]; do
    base="${base%%#*}"
    base="$(echo "$base" | tr -d '[:space:]')"
    [[ -z "$base" ]] && continue
    if [[ "$base" != https://* ]]; then
        echo "skipping non-HTTPS entry: $base" >&2
        continue
    fi
    read -r url code secs < <(probe "$base")
    word=$(status_word "$code")
    printf '%-50s %-12s %6s %8s\n' "$url" "$word" "$code" "$secs"
    printf '%s %s %s %s\n' "$stamp" "$url" "$word" "$code" >> "$HISTORY"
    [[ "$word" == "UP" ]] || FAILURES=$((FAILURES + 1))
done < "$SERVICES_FILE"

if [[ $FAILURES -gt 0 ]]; then
    echo "$FAILURES service(s) not healthy" >&2
    exit 1
fi
echo "all services healthy"
