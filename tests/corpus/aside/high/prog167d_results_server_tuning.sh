#!/bin/bash
# Tune the results server before a championship show: the entries API
# gets a burst of connections when results go live, so raise the socket
# backlog and file limits and reload the web front end.
set -euo pipefail

CONF_FILE="/etc/sysctl.d/60-results-server.conf"
LIMITS_FILE="/etc/security/limits.d/60-results.conf"
SERVICE_USER="${RESULTS_USER:-results}"
WEB_UNIT="${WEB_UNIT:-nginx}"
DRY_RUN="${DRY_RUN:-0}"

declare -A KERNEL_SETTINGS=(
    [net.core.somaxconn]=4096
    [net.ipv4.tcp_max_syn_backlog]=4096
    [net.ipv4.ip_local_port_range]="15000 64000"
    [fs.file-max]=200000
)

run() {
    echo "+ $*"
    if [ "$DRY_RUN" != "1" ]; then
        "$@"
    fi
}

apply_now() {
    local key
    for key in "${!KERNEL_SETTINGS[@]}"; do
        run sudo sysctl -w "${key}=${KERNEL_SETTINGS[$key]}"
    done
}

persist_settings() {
    local key tmp
    tmp=$(mktemp)
    {
        echo "# results server tuning, managed by results_server_tuning.sh"
        for key in $(printf '%s\n' "${!KERNEL_SETTINGS[@]}" | sort); do
            echo "${key} = ${KERNEL_SETTINGS[$key]}"
        done
    } > "$tmp"
    run sudo install -m 0644 -o root -g root "$tmp" "$CONF_FILE"
    rm -f "$tmp"
}

raise_limits() {
    local tmp
    tmp=$(mktemp)
    printf '%s soft nofile 65535\n%s hard nofile 65535\n' "$SERVICE_USER" "$SERVICE_USER" > "$tmp"
    run sudo install -m 0644 -o root -g root "$tmp" "$LIMITS_FILE"
    rm -f "$tmp"
}

reload_web() {
    if systemctl is-active --quiet "$WEB_UNIT"; then
        run sudo systemctl reload "$WEB_UNIT"
    else
        echo "$WEB_UNIT not running, skipping reload"
    fi
}

show_values() {
    local key
    for key in "${!KERNEL_SETTINGS[@]}"; do
        printf '%-32s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo '?')"
    done
}

main() {
    apply_now
    persist_settings
    raise_limits
    reload_web
    show_values
}

main "$@"
