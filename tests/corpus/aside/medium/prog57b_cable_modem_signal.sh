#!/bin/sh
# Scrape downstream/upstream signal levels from the cable modem status page.
# The modem only serves a self-signed certificate on 192.168.100.1, so curl
# runs with --insecure. Results are appended to a CSV for graphing.

MODEM_URL="${MODEM_URL:-https://192.168.100.1/cmconnectionstatus.html}"
SCRATCH="/tmp/modem-status.html"
CSV_OUT="${CSV_OUT:-./modem-signal.csv}"
INTERVAL="${INTERVAL:-0}"
WARN_SNR="${WARN_SNR:-33}"

log() {
    echo "[$(date '+%H:%M:%S')] $*" >&2
}

fetch_status() {
    if ! curl --silent --show-error --insecure --max-time 15 \
            -o "$SCRATCH" "$MODEM_URL"; then
        log "modem did not answer at $MODEM_URL"
        return 1
    fi
    if ! grep -q "Downstream Bonded Channels" "$SCRATCH"; then
        log "unexpected page layout, saved copy in $SCRATCH"
        return 1
    fi
    return 0
}

# Turns the HTML table rows into "channel;power;snr" lines.
parse_downstream() {
    sed -n '/Downstream Bonded Channels/,/<\/table>/p' "$SCRATCH" \
        | tr -d '\r' \
        | sed -e 's/<\/td>/;/g' -e 's/<[^>]*>//g' -e 's/&nbsp;/ /g' \
        | awk -F';' 'NF > 6 && $1 ~ /[0-9]/ {
              gsub(/ dBmV| dB/, "", $6); gsub(/ dBmV| dB/, "", $7);
              gsub(/ /, "", $1); printf "%s;%s;%s\n", $1, $6, $7 }'
}

record() {
    ts=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    [ -f "$CSV_OUT" ] || echo "timestamp,channel,power_dbmv,snr_db" > "$CSV_OUT"
    low=0
    parse_downstream | while IFS=';' read -r ch pwr snr; do
        echo "$ts,$ch,$pwr,$snr" >> "$CSV_OUT"
        snr_int=${snr%.*}
        if [ -n "$snr_int" ] && [ "$snr_int" -lt "$WARN_SNR" ] 2>/dev/null; then
            log "channel $ch SNR low: ${snr} dB"
            low=$((low + 1))
        fi
    done
    log "recorded sample at $ts"
}

main() {
    while :; do
        if fetch_status; then
            record
        fi
        [ "$INTERVAL" -gt 0 ] || break
        sleep "$INTERVAL"
    done
}

case "${1:-}" in
    -h|--help)
        echo "usage: $0   (env: MODEM_URL CSV_OUT INTERVAL WARN_SNR)"
        exit 0 ;;
esac

main
