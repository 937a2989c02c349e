#!/usr/bin/env bash
# pull_logger_exports.sh - download the daily table exports from each field
# logger's built-in web interface into ./exports/<station>/.
#
# The loggers ship with self-signed certificates that nobody has replaced,
# so certificate checks are skipped for these hosts.
set -uo pipefail

STATIONS_FILE="${STATIONS_FILE:-stations.txt}"
OUT_DIR="${OUT_DIR:-exports}"
TABLE="${TABLE:-Table_Hourly}"
TIMEOUT="${TIMEOUT:-30}"
DAY="$(date -d 'yesterday' +%Y-%m-%d)"
LOG="pull_exports.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [-s stations_file] [-t table] [-d YYYY-MM-DD]"
    echo "stations file lines: <station_id> <logger_host>"
}

while getopts ":s:t:d:h" opt; do
    case "$opt" in
        s) STATIONS_FILE="$OPTARG" ;;
        t) TABLE="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ ! -r "$STATIONS_FILE" ]]; then
    cat > "$STATIONS_FILE" <<DEFAULTS
PASS-N1   192.0.2.21
RIDGE-E2  192.0.2.22
HUT-W3    192.0.2.23
SUMMIT-S4 192.0.2.24
DEFAULTS
    log "created default $STATIONS_FILE"
fi

fetch_export() {
    local station="$1" host="$2" dest url
    dest="$OUT_DIR/$station/${TABLE}_${DAY}.csv"
    mkdir -p "$OUT_DIR/$station"
    url="https://$host/?command=DataQuery&uri=dl:$TABLE&format=toa5&mode=date-range&p1=${DAY}T00:00:00&p2=${DAY}T23:59:59"
    if [[ -s "$dest" ]]; then
        log "$station: already have $(basename "$dest")"
        return 0
    fi
    if curl --insecure --silent --show-error --fail \
            --max-time "$TIMEOUT" --retry 2 \
            -o "$dest.part" "$url"; then
        mv "$dest.part" "$dest"
        log "$station: $(wc -l < "$dest") lines from $host"
        return 0
    fi
    rm -f "$dest.part"
    log "$station: download from $host failed"
    return 1
}

ok=0; failed=0
while read -r station host _; do
    [[ -z "${station:-}" || "$station" == \#* ]] && continue
    if fetch_export "$station" "$host"; then
        ok=$((ok + 1))
    else
        failed=$((failed + 1))
    fi
done < "$STATIONS_FILE"

log "done for $DAY: $ok ok, $failed failed"
(( failed == 0 ))
