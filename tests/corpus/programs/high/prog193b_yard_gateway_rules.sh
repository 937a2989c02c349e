#!/usr/bin/env bash
# yard_gateway_rules.sh
# Opens the Modbus port on the yard gateway to the signal-box subnet only,
# enables forwarding to the point-motor controllers and restarts the bridge.
set -euo pipefail

SIGNAL_NET="${SIGNAL_NET:-192.0.2.0/24}"
CONTROLLER_NET="${CONTROLLER_NET:-198.51.100.0/26}"
MODBUS_PORT="${MODBUS_PORT:-502}"
BRIDGE_UNIT="${BRIDGE_UNIT:-modbus-bridge.service}"
DRY_RUN="${DRY_RUN:-0}"

elevate=(sudo -n)
[[ $EUID -eq 0 ]] && elevate=()

run() {
    if [[ "$DRY_RUN" == 1 ]]; then
        printf 'would run: %s\n' "$*"
    else
        "${elevate[@]}" "$@"
    fi
}

rule_exists() {
    "${elevate[@]}" iptables -C "$@" 2>/dev/null
}

allow_modbus() {
    local spec=(INPUT -p tcp -s "$SIGNAL_NET" --dport "$MODBUS_PORT" -m comment --comment yard-modbus -j ACCEPT)
    if rule_exists "${spec[@]}"; then
        echo "modbus rule present"
    else
        run iptables -I "${spec[@]}"
        echo "modbus allowed from $SIGNAL_NET"
    fi
}

allow_forward() {
    local spec=(FORWARD -s "$SIGNAL_NET" -d "$CONTROLLER_NET" -p tcp --dport "$MODBUS_PORT" -j ACCEPT)
    rule_exists "${spec[@]}" || run iptables -I "${spec[@]}"
    run sysctl -w net.ipv4.ip_forward=1 >/dev/null
    echo "forwarding to $CONTROLLER_NET enabled"
}

restart_bridge() {
    local verb
    for verb in daemon-reload "restart $BRIDGE_UNIT"; do
        # shellcheck disable=SC2086
        run systemctl $verb
    done
    run systemctl --no-pager --lines=5 status "$BRIDGE_UNIT" || true
}

declare -A TASKS=([modbus]=allow_modbus [forward]=allow_forward [bridge]=restart_bridge)

main() {
    local wanted=("$@")
    [[ ${#wanted[@]} -eq 0 ]] && wanted=(modbus forward bridge)
    local t
    for t in "${wanted[@]}"; do
        if [[ -z "${TASKS[$t]:-}" ]]; then
            echo "unknown task $t (choose: ${!TASKS[*]})" >&2
            exit 2
        fi
        "${TASKS[$t]}"
    done
}

main "$@"
