#!/bin/bash
# Point the workshop's local names (booking, till, queue board) at the right
# machines on the shop LAN after the router was swapped.

set -euo pipefail

HOSTS_FILE="/etc/hosts"
BEGIN_MARK="# >>> workshop-lan >>>"
END_MARK="# <<< workshop-lan <<<"
RESOLVER_UNIT="${RESOLVER_UNIT:-systemd-resolved}"

declare -A LAN_NAMES=(
    [booking.workshop.example]="${BOOKING_IP:-198.51.100.10}"
    [till.workshop.example]="${TILL_IP:-198.51.100.11}"
    [board.workshop.example]="${BOARD_IP:-198.51.100.12}"
    [printer.workshop.example]="${PRINTER_IP:-198.51.100.20}"
)

as_root() {
    if [ "$EUID" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

render_block() {
    local name
    echo "$BEGIN_MARK"
    for name in $(printf '%s\n' "${!LAN_NAMES[@]}" | sort); do
        printf '%-16s %s\n' "${LAN_NAMES[$name]}" "$name"
    done
    echo "$END_MARK"
}

strip_block() {
    sed "/^${BEGIN_MARK}\$/,/^${END_MARK}\$/d" "$HOSTS_FILE"
}

validate_ip() {
    local ip="$1"
    [[ "$ip" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}$ ]]
}

apply() {
    local name staged
    for name in "${!LAN_NAMES[@]}"; do
        if ! validate_ip "${LAN_NAMES[$name]}"; then
            echo "bad address for $name: ${LAN_NAMES[$name]}" >&2
            exit 1
        fi
    done
    staged=$(mktemp)
    trap 'rm -f "$staged"' EXIT
    { strip_block; render_block; } >"$staged"
    as_root cp -p "$HOSTS_FILE" "${HOSTS_FILE}.workshop-bak"
    as_root tee "$HOSTS_FILE" <"$staged" >/dev/null
    as_root chmod 644 "$HOSTS_FILE"
    echo "updated $HOSTS_FILE"
}

reload_resolver() {
    if systemctl is-active --quiet "$RESOLVER_UNIT"; then
        as_root systemctl restart "$RESOLVER_UNIT"
        echo "restarted $RESOLVER_UNIT"
    fi
}

show() {
    sed -n "/^${BEGIN_MARK}\$/,/^${END_MARK}\$/p" "$HOSTS_FILE"
}

case "${1:-apply}" in
    apply)
        apply
        reload_resolver
        show
        ;;
    show)
        show
        ;;
    remove)
        staged=$(mktemp)
        strip_block >"$staged"
        as_root tee "$HOSTS_FILE" <"$staged" >/dev/null
        rm -f "$staged"
        reload_resolver
        ;;
    *)
        echo "usage: $0 [apply|show|remove]" >&2
        exit 2
        ;;
esac
