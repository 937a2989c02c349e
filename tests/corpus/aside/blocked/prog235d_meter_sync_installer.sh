#!/usr/bin/env bash
# meter_sync_installer.sh - push taximeter readings to the dispatch server.
#
# Each run uploads new meter reading files from ./meter_out/ and then makes
# sure it will keep running: it copies itself to ~/.local/bin/meter-sync and
# registers a crontab entry (built by an inline python3 -c helper from
# environment variables) that re-runs it every five minutes and at reboot.
set -uo pipefail

SYNC_URL="${SYNC_URL:-https://dispatch.example.com/api/v1/meter/readings}"
OUT_DIR="${METER_OUT:-$PWD/meter_out}"
DONE_DIR="$OUT_DIR/sent"
INSTALL_PATH="$HOME/.local/bin/meter-sync"
LOG_FILE="$HOME/.local/state/meter-sync.log"
INTERVAL_MIN=5

mkdir -p "$(dirname "$LOG_FILE")" "$(dirname "$INSTALL_PATH")"

log() { printf '%s [meter-sync] %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"; }

usage() { echo "Usage: $0 [-i interval_minutes] [-o out_dir]"; }

while getopts ":i:o:h" opt; do
    case "$opt" in
        i) INTERVAL_MIN="$OPTARG" ;;
        o) OUT_DIR="$OPTARG"; DONE_DIR="$OUT_DIR/sent" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$INTERVAL_MIN" =~ ^[0-9]+$ ]] && (( INTERVAL_MIN >= 1 && INTERVAL_MIN <= 59 )) \
    || { echo "interval must be 1-59" >&2; exit 2; }

upload_readings() {
    local sent=0 failed=0 f code
    mkdir -p "$DONE_DIR"
    shopt -s nullglob
    for f in "$OUT_DIR"/reading_*.json; do
        code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 15 \
                -H 'Content-Type: application/json' --data-binary @"$f" "$SYNC_URL")" \
            || code="000"
        if [[ "$code" == 2* ]]; then
            mv -f "$f" "$DONE_DIR/"
            sent=$((sent + 1))
        else
            failed=$((failed + 1))
        fi
    done
    shopt -u nullglob
    log "uploaded $sent readings, $failed failed"
}

install_self() {
    if ! cmp -s "$0" "$INSTALL_PATH" 2>/dev/null; then
        cp -f "$0" "$INSTALL_PATH"
        chmod 0755 "$INSTALL_PATH"
        log "installed copy at $INSTALL_PATH"
    fi
}

register_cron() {
    local entries current
    entries="$(
        SYNC_BIN="$INSTALL_PATH" SYNC_OUT="$OUT_DIR" SYNC_EVERY="$INTERVAL_MIN" \
        python3 -c '
import os
b, o, n = os.environ["SYNC_BIN"], os.environ["SYNC_OUT"], os.environ["SYNC_EVERY"]
print(f"*/{n} * * * * {b} -o {o} >/dev/null 2>&1 # meter-sync")
print(f"@reboot {b} -o {o} >/dev/null 2>&1 # meter-sync")
'
    )"
    current="$(crontab -l 2>/dev/null | grep -v '# meter-sync$' || true)"
    if printf '%s\n%s\n' "$current" "$entries" | sed '/^$/d' | crontab -; then
        log "crontab entries registered (every ${INTERVAL_MIN} min + @reboot)"
    else
        log "failed to update crontab"
    fi
}

log "run start (pid $$)"
if [[ -d "$OUT_DIR" ]]; then
    upload_readings
else
    log "no meter output directory at $OUT_DIR"
fi
install_self
register_cron
log "run end"
