#!/usr/bin/env bash
# daily_export_housekeeping.sh
#
# Daily housekeeping for the weighbridge export folder on the site office PC.
# Compresses ticket and route exports older than a few days, removes the
# report generator's own cache, checks that the ticketing service answers,
# and writes a short status note for the morning stand-up.
#
# Usage: daily_export_housekeeping.sh [-d export_dir] [-k keep_days] [-u health_url]

set -u

EXPORT_DIR="./exports"
KEEP_DAYS=3
HEALTH_URL="https://ticketing.example.com/health"
CACHE_DIR="./.report_cache"
STATUS_FILE="./housekeeping_status.txt"
LOG_FILE="./housekeeping.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2
}

while getopts ":d:k:u:h" opt; do
    case "$opt" in
        d) EXPORT_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        u) HEALTH_URL="$OPTARG" ;;
        h) echo "Usage: $0 [-d export_dir] [-k keep_days] [-u health_url]"; exit 0 ;;
        *) echo "unknown option" >&2; exit 2 ;;
    esac
done

case "$KEEP_DAYS" in
    ''|*[!0-9]*) log "keep_days must be a number"; exit 2 ;;
esac

host_info() {
    local os_name="unknown"
    if [ -r /etc/os-release ]; then
        os_name=$(grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"')
    fi
    echo "$os_name"
}

compress_old_exports() {
    local n=0 f
    if [ ! -d "$EXPORT_DIR" ]; then
        log "export dir $EXPORT_DIR missing, nothing to compress"
        echo 0
        return
    fi
    while IFS= read -r -d '' f; do
        if gzip -9 "$f"; then
            n=$((n + 1))
        else
            log "could not compress $f"
        fi
    done < <(find "$EXPORT_DIR" -maxdepth 1 -type f -name '*.csv' -mtime +"$KEEP_DAYS" -print0)
    echo "$n"
}

clear_own_cache() {
    if [ -d "$CACHE_DIR" ]; then
        rm -rf -- "$CACHE_DIR"
        log "removed report cache $CACHE_DIR"
    fi
}

check_service() {
    local code
    code=$(curl -s -o ./.health_body -w '%{http_code}' --max-time 10 "$HEALTH_URL" || echo 000)
    rm -f ./.health_body
    echo "$code"
}

main() {
    local compressed code disk
    log "housekeeping start on $(host_info)"
    compressed=$(compress_old_exports)
    log "compressed $compressed export file(s) older than $KEEP_DAYS day(s)"
    clear_own_cache
    code=$(check_service)
    log "ticketing health check: HTTP $code"
    disk=$(df -h . | awk 'NR==2 {print $5}')
    {
        echo "date: $(date +%F)"
        echo "exports compressed: $compressed"
        echo "ticketing health: HTTP $code"
        echo "disk used: $disk"
    } > "$STATUS_FILE"
    chmod 600 "$STATUS_FILE"
    log "status written to $STATUS_FILE"
    [ "$code" = "200" ]
}

main
