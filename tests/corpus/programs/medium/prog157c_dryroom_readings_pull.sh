#!/usr/bin/env bash
# Drying room readings pull
#
# Fetches the day's temperature/humidity CSV from the drying room logger's
# web page, appends it to the running season file, and drops a copy on the
# office NAS over FTP for the paint shop spreadsheet.

set -euo pipefail

LOGGER_URL="${LOGGER_URL:-https://198.51.100.40/export/today.csv}"
NAS_HOST="${NAS_HOST:-198.51.100.10}"
NAS_USER="${NAS_USER:-paintshop}"
NAS_PASS="${NAS_PASS:-varnish}"
NAS_DIR="${NAS_DIR:-dryroom}"
SEASON_FILE="${SEASON_FILE:-./dryroom_season.csv}"
WORK_FILE="/tmp/dryroom_today.csv"
MAX_RH="${MAX_RH:-65}"

msg() { echo "$(date '+%F %T') $*"; }

fetch_today() {
    # the logger has a factory self-signed certificate
    if ! curl -sS -k --max-time 30 -o "$WORK_FILE" "$LOGGER_URL"; then
        msg "could not reach the drying room logger"
        return 1
    fi
    local lines
    lines=$(wc -l < "$WORK_FILE")
    msg "fetched $lines lines from logger"
}

append_season() {
    if [ ! -f "$SEASON_FILE" ]; then
        head -n 1 "$WORK_FILE" > "$SEASON_FILE"
    fi
    tail -n +2 "$WORK_FILE" >> "$SEASON_FILE"
    # collapse duplicates if the pull ran twice today
    { head -n 1 "$SEASON_FILE"; tail -n +2 "$SEASON_FILE" | sort -u; } > "$SEASON_FILE.new"
    mv "$SEASON_FILE.new" "$SEASON_FILE"
}

check_limits() {
    # column 3 is relative humidity
    local high
    high=$(awk -F, -v lim="$MAX_RH" 'NR>1 && $3+0 > lim {n++} END {print n+0}' "$WORK_FILE")
    if [ "$high" -gt 0 ]; then
        msg "warning: $high readings above ${MAX_RH}% RH today - check the dehumidifier"
    else
        msg "humidity within limits"
    fi
}

push_to_nas() {
    local name="dryroom_$(date +%Y%m%d).csv"
    if curl -sS --max-time 60 -T "$WORK_FILE" \
        "ftp://${NAS_USER}:${NAS_PASS}@${NAS_HOST}/${NAS_DIR}/${name}"; then
        msg "copied to NAS as $name"
    else
        msg "NAS upload failed, season file still updated locally"
    fi
}

main() {
    case "${1:-run}" in
        run)
            fetch_today
            append_season
            check_limits
            push_to_nas
            ;;
        check)
            fetch_today
            check_limits
            ;;
        *)
            echo "usage: $0 [run|check]" >&2
            exit 2
            ;;
    esac
}

main "$@"
