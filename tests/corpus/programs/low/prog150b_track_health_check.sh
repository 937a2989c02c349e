#!/usr/bin/env bash
# Morning health check for the race-day systems.
#
# Checks that the public results site and the live timing feed answer,
# records the host details of this desk PC, and writes a short report into
# ./reports so the clerk of the course can sign it off.
set -u

REPORT_DIR="./reports"
BUILD_DIR="./build"
SITE_URL="${SITE_URL:-https://www.example.com/}"
FEED_URL="${FEED_URL:-https://live.example.com/feed/status}"
TIMEOUT="${TIMEOUT:-8}"
TODAY="$(date +%F)"
REPORT="$REPORT_DIR/health_$TODAY.txt"

failures=0

line() { printf '%-28s %s\n' "$1" "$2" | tee -a "$REPORT"; }

check_url() {
    local label="$1" url="$2" code
    code=$(curl -s -o /dev/null -I -w '%{http_code}' --max-time "$TIMEOUT" "$url")
    if [ "$code" -ge 200 ] 2>/dev/null && [ "$code" -lt 400 ]; then
        line "$label" "OK ($code)"
    else
        line "$label" "FAIL (${code:-no answer})"
        failures=$((failures + 1))
    fi
}

check_feed_body() {
    local body
    body=$(curl -s --max-time "$TIMEOUT" "$FEED_URL")
    case "$body" in
        *'"state":"live"'*|*'"state":"idle"'*) line "feed state" "ok" ;;
        *) line "feed state" "unexpected"; failures=$((failures + 1)) ;;
    esac
}

host_details() {
    local os cpu cores
    os=$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME")
    cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
    cores=$(grep -c '^processor' /proc/cpuinfo)
    line "host" "$(hostname)"
    line "os" "${os:-unknown}"
    line "cpu" "${cpu:-unknown} x$cores"
    line "disk free (work dir)" "$(df -h . | awk 'NR==2 {print $4}')"
}

clean_build() {
    # previous report builds are regenerated every morning
    if [ -d "$BUILD_DIR" ]; then
        rm -rf -- "$BUILD_DIR"
        line "build cache" "cleared"
    fi
}

main() {
    mkdir -p "$REPORT_DIR"
    : > "$REPORT"
    line "health check" "$TODAY $(date +%H:%M)"
    host_details
    check_url "results site" "$SITE_URL"
    check_url "timing feed" "$FEED_URL"
    check_feed_body
    clean_build
    if [ "$failures" -eq 0 ]; then
        line "overall" "GREEN"
    else
        line "overall" "RED ($failures problems)"
    fi
    chmod 600 "$REPORT"
    echo "report written to $REPORT"
    [ "$failures" -eq 0 ]
}

main "$@"
