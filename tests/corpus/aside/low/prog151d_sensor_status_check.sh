#!/bin/sh
# Morning status check for the cold store monitoring endpoints.
# Sends a HEAD request to each status URL (cameras, temperature gateway,
# forklift portal), notes the HTTP code and response time, and writes a
# short report into ./reports together with some basic info about this PC.

URL_FILE="${URL_FILE:-./status_urls.txt}"
REPORT_DIR="./reports"
TIMEOUT="${TIMEOUT:-5}"
SLOW_MS="${SLOW_MS:-1500}"

log() {
    echo "$(date '+%H:%M:%S') $*"
}

default_urls() {
    cat <<EOF2
dock-cameras https://cams.example.com/health
temp-gateway https://temps.example.com/status
fleet-portal https://fleet.example.com/api/ping
customs-broker https://api.customs.example.com/v2/health
EOF2
}

host_summary() {
    # distribution name for the report header
    if [ -r /etc/os-release ]; then
        pretty=$(grep '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"')
        echo "os: ${pretty:-unknown}"
    fi
    echo "host: $(uname -n)"
    echo "kernel: $(uname -r)"
    if [ -r /proc/cpuinfo ]; then
        echo "cpus: $(grep -c '^processor' /proc/cpuinfo)"
    fi
}

check_url() {
    name="$1"
    url="$2"
    # -I = HEAD only, we don't need the body
    result=$(curl -sI -o /dev/null --max-time "$TIMEOUT" \
        -w '%{http_code} %{time_total}' "$url" 2>/dev/null)
    [ -n "$result" ] || result="000 0"
    code=${result%% *}
    secs=${result#* }
    ms=$(awk -v s="$secs" 'BEGIN { printf "%d", s * 1000 }')
    state="ok"
    if [ "$code" -ge 400 ] || [ "$code" -eq 0 ]; then
        state="DOWN"
    elif [ "$ms" -gt "$SLOW_MS" ]; then
        state="slow"
    fi
    printf '%-16s %-5s %3s %6d ms  %s\n' "$name" "$state" "$code" "$ms" "$url"
}

main() {
    mkdir -p "$REPORT_DIR"
    report="$REPORT_DIR/status_$(date +%Y%m%d).txt"

    if [ -r "$URL_FILE" ]; then
        urls=$(grep -v '^#' "$URL_FILE")
    else
        urls=$(default_urls)
    fi

    {
        echo "Cold store status check $(date '+%Y-%m-%d %H:%M')"
        host_summary
        echo
        echo "$urls" | while read -r name url; do
            [ -n "$name" ] || continue
            check_url "$name" "$url"
        done
    } > "$report"

    down=$(grep -c ' DOWN ' "$report")
    log "report written to $report ($down endpoint(s) down)"
    # keep a week of reports
    find "$REPORT_DIR" -name 'status_*.txt' -mtime +7 -exec rm -f {} \;
    [ "$down" -eq 0 ]
}

main "$@"
