#!/usr/bin/env bash
# preview_cache_tidy.sh - housekeeping for a catalogue project folder.
#
# Run from inside a project folder (the one holding project.json). It:
#   * removes preview renders and thumbnails older than N days from the
#     project's own ./.previews and ./build folders
#   * makes sure the project's portal token file is private
#   * checks that the delivery portal answers (HEAD request only)
#   * prints a short station summary for the weekly checklist
#
# Usage: preview_cache_tidy.sh [-d days] [-n]

set -euo pipefail

DAYS=14
DRY_RUN=0
PORTAL_URL="${PORTAL_URL:-https://delivery.example.com/health}"
CACHE_DIRS=("./.previews" "./build/thumbs" "./build/tmp")
TOKEN_FILE="./.portal_token"

while getopts "d:nh" opt; do
    case "$opt" in
        d) DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

say() { printf '%s  %s\n' "$(date +%T)" "$*"; }

if [[ ! -f ./project.json ]]; then
    say "run this from a project folder (no project.json here)"
    exit 1
fi

prune_cache() {
    local dir count total=0
    for dir in "${CACHE_DIRS[@]}"; do
        [[ -d "$dir" ]] || continue
        count=$(find "$dir" -type f -mtime +"$DAYS" | wc -l)
        if [[ $DRY_RUN -eq 1 ]]; then
            say "would remove $count old file(s) from $dir"
        else
            find "$dir" -type f -mtime +"$DAYS" -delete
            find "$dir" -mindepth 1 -type d -empty -delete
            say "removed $count old file(s) from $dir"
        fi
        total=$((total + count))
    done
    say "cache prune total: $total"
}

protect_token() {
    if [[ -f "$TOKEN_FILE" ]]; then
        chmod 600 "$TOKEN_FILE"
        say "token file permissions set to 600"
    else
        say "no portal token in this project"
    fi
}

check_portal() {
    local code
    code=$(curl -sI -o /dev/null -w '%{http_code}' --max-time 10 "$PORTAL_URL" || echo "000")
    if [[ "$code" == 2* ]]; then
        say "portal reachable ($code)"
    else
        say "portal check returned $code - deliveries may be delayed"
    fi
}

station_summary() {
    local os_name="unknown" cores disk
    if [[ -r /etc/os-release ]]; then
        os_name=$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")
    fi
    cores=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo "?")
    disk=$(du -sh . 2>/dev/null | cut -f1)
    say "station: $(hostname) | $os_name | $cores cores | project size $disk"
}

prune_cache
protect_token
check_portal
station_summary
