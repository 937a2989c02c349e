#!/usr/bin/env bash
# Apply kernel network tuning on the press-line data collector so the
# high-rate PLC pollers do not drop UDP datagrams during peak cycles.
set -euo pipefail

PROFILE="${1:-collector}"
CONF_NAME="${CONF_NAME:-60-pressline.conf}"
CONF_DIR="/etc/$(printf 'sysctl%s' '.d')"

declare -A COLLECTOR=(
    [net.core.rmem_max]=26214400
    [net.core.rmem_default]=8388608
    [net.core.netdev_max_backlog]=5000
    [net.ipv4.udp_mem]="65536 131072 262144"
)

declare -A HMI=(
    [net.core.rmem_max]=4194304
    [vm.swappiness]=10
)

info() {
    printf '[sysctl-tune] %s\n' "$*"
}

priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

render_profile() {
    local -n table="$1"
    local key
    printf '# press line tuning profile: %s\n' "$1"
    printf '# generated %s by %s\n' "$(date -u +%F)" "${USER:-unknown}"
    for key in $(printf '%s\n' "${!table[@]}" | sort); do
        printf '%s = %s\n' "$key" "${table[$key]}"
    done
}

pick_profile() {
    case "$PROFILE" in
        collector) printf 'COLLECTOR' ;;
        hmi) printf 'HMI' ;;
        *) info "unknown profile $PROFILE"; exit 2 ;;
    esac
}

show_current() {
    local -n table="$1"
    local key
    for key in "${!table[@]}"; do
        printf '  %-32s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo '?')"
    done
}

install_conf() {
    local name="$1" target
    target="${CONF_DIR}/${CONF_NAME}"
    render_profile "$name" | priv tee "$target" >/dev/null
    priv chmod 0644 "$target"
    info "wrote $target"
}

reload() {
    priv sysctl --system >/dev/null
    info "kernel parameters reloaded"
}

main() {
    local name
    name="$(pick_profile)"
    info "current values:"
    show_current "$name"
    install_conf "$name"
    reload
    info "new values:"
    show_current "$name"
}

main
