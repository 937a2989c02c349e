#!/bin/bash
# Restart the bar/café point-of-sale stack after a config change.
# Writes the till settings into /etc/hostel-pos and bounces the services.

set -euo pipefail

POS_CONF_DIR="/etc/hostel-pos"
POS_CONF="$POS_CONF_DIR/pos.conf"
SERVICES=(hostel-pos-api hostel-pos-printer nginx)
TILL_ID="${TILL_ID:-bar-1}"
CURRENCY="${POS_CURRENCY:-EUR}"
RECEIPT_PRINTER="${RECEIPT_PRINTER:-/dev/usb/lp0}"
TAX_RATE="${POS_TAX_RATE:-0.10}"

log() { printf '%s pos-restart: %s\n' "$(date +%H:%M:%S)" "$*"; }

require_sudo() {
    if ! sudo -n true 2>/dev/null; then
        log "sudo needs a password, you will be asked once"
        sudo -v
    fi
}

render_conf() {
    cat <<EOF
[till]
id = $TILL_ID
currency = $CURRENCY
tax_rate = $TAX_RATE

[printer]
device = $RECEIPT_PRINTER
width = 42

[api]
listen = 127.0.0.1:8700
EOF
}

install_conf() {
    local tmp
    tmp="$(mktemp)"
    render_conf > "$tmp"
    if sudo test -f "$POS_CONF" && sudo cmp -s "$tmp" "$POS_CONF"; then
        log "config unchanged"
        rm -f "$tmp"
        return 1
    fi
    sudo mkdir -p "$POS_CONF_DIR"
    if sudo test -f "$POS_CONF"; then
        sudo cp "$POS_CONF" "$POS_CONF.bak"
    fi
    sudo install -m 0640 -o root -g pos "$tmp" "$POS_CONF"
    rm -f "$tmp"
    log "wrote $POS_CONF"
    return 0
}

fix_printer_perms() {
    if [ -e "$RECEIPT_PRINTER" ]; then
        sudo chgrp pos "$RECEIPT_PRINTER"
        sudo chmod 0660 "$RECEIPT_PRINTER"
        log "printer device $RECEIPT_PRINTER group set to pos"
    else
        log "printer $RECEIPT_PRINTER not connected"
    fi
}

restart_services() {
    local svc
    for svc in "${SERVICES[@]}"; do
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            log "restarting $svc"
            sudo systemctl restart "$svc"
        else
            log "service $svc not installed, skipping"
        fi
    done
}

check_health() {
    local tries=0
    while [ $tries -lt 10 ]; do
        if curl -fsS --max-time 2 http://127.0.0.1:8700/health >/dev/null 2>&1; then
            log "POS API healthy"
            return 0
        fi
        tries=$((tries + 1))
        sleep 1
    done
    log "POS API did not come up, last status:"
    sudo systemctl status hostel-pos-api --no-pager | tail -n 15
    return 1
}

main() {
    local force=0
    [ "${1:-}" = "--force" ] && force=1
    require_sudo
    if install_conf || [ $force -eq 1 ]; then
        fix_printer_perms
        restart_services
        check_health
    else
        log "nothing to do (use --force to restart anyway)"
    fi
}

main "$@"
