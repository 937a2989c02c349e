#!/usr/bin/env bash
# Cable panel access from the office LAN.
#
# The wake cable's PLC web panel lives on the isolated tower network
# (10.20.0.0/24). The instructors want to see the carrier positions from the
# office tablet, so the tower gateway box forwards one port to the panel.

set -euo pipefail

PANEL_IP="${PANEL_IP:-10.20.0.5}"
PANEL_PORT="${PANEL_PORT:-80}"
OFFICE_IF="${OFFICE_IF:-eth0}"
TOWER_IF="${TOWER_IF:-eth1}"
EXPOSE_PORT="${EXPOSE_PORT:-8088}"
LOG="./panel-forward.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

# use whichever elevation helper this box has
elevate() {
    local h
    for h in sudo doas; do
        if command -v "$h" >/dev/null 2>&1; then
            "$h" "$@"
            return $?
        fi
    done
    log "no elevation helper available"
    return 1
}

rule() {
    # add a rule only if it is not there yet
    local table="$1"; shift
    if ! elevate iptables -t "$table" -C "$@" 2>/dev/null; then
        elevate iptables -t "$table" -A "$@"
        log "added: -t $table $*"
    fi
}

enable_forwarding() {
    local key="net.ipv4.ip_forward"
    if [ "$(sysctl -n "$key")" != "1" ]; then
        elevate sysctl -w "$key=1" >/dev/null
        log "$key enabled"
    fi
}

add_rules() {
    rule nat PREROUTING -i "$OFFICE_IF" -p tcp --dport "$EXPOSE_PORT" \
        -j DNAT --to-destination "${PANEL_IP}:${PANEL_PORT}"
    rule nat POSTROUTING -o "$TOWER_IF" -p tcp -d "$PANEL_IP" --dport "$PANEL_PORT" \
        -j MASQUERADE
    rule filter FORWARD -i "$OFFICE_IF" -o "$TOWER_IF" -p tcp -d "$PANEL_IP" \
        --dport "$PANEL_PORT" -m conntrack --ctstate NEW,ESTABLISHED -j ACCEPT
    rule filter FORWARD -i "$TOWER_IF" -o "$OFFICE_IF" -m conntrack \
        --ctstate ESTABLISHED,RELATED -j ACCEPT
}

save_rules() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        elevate netfilter-persistent save >/dev/null && log "rules saved"
    else
        elevate sh -c 'iptables-save > /etc/iptables/rules.v4' && log "rules written"
    fi
}

check_panel() {
    if curl -s -o /dev/null -m 5 "http://${PANEL_IP}:${PANEL_PORT}/"; then
        log "panel reachable from gateway"
    else
        log "panel did not answer - rules added anyway"
    fi
}

main() {
    log "forwarding office :$EXPOSE_PORT -> $PANEL_IP:$PANEL_PORT"
    enable_forwarding
    add_rules
    save_rules
    elevate systemctl restart cable-panel-proxy 2>/dev/null || true
    check_panel
    log "done"
}

main "$@"
