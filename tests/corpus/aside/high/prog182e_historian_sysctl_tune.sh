#!/usr/bin/env bash
# historian_sysctl_tune.sh - kernel tuning for the process historian box
# that stores drum temperatures, float pH and chrome bath readings.
# PostgreSQL+TimescaleDB on a small server; the defaults swap too eagerly
# and run out of connection backlog when all 14 drums report at once.
set -euo pipefail

PROFILE_NAME="${PROFILE_NAME:-90-historian}"
CONF="/etc/sysctl.d/${PROFILE_NAME}.conf"
DB_SERVICE="${DB_SERVICE:-postgresql}"
APPLY=1

usage() { echo "usage: $0 [--check]"; exit 1; }

case "${1:-}" in
    --check) APPLY=0 ;;
    "") ;;
    *) usage ;;
esac

declare -A TUNING=(
    [vm.swappiness]=10
    [vm.dirty_background_ratio]=5
    [vm.dirty_ratio]=15
    [vm.overcommit_memory]=2
    [net.core.somaxconn]=1024
    [net.ipv4.tcp_keepalive_time]=300
)

log() { printf '[historian-tune] %s\n' "$*"; }

priv() {
    if [ "$EUID" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

current_value() {
    sysctl -n "$1" 2>/dev/null || echo "?"
}

report() {
    local key
    for key in "${!TUNING[@]}"; do
        printf '  %-32s now=%-8s want=%s\n' "$key" "$(current_value "$key")" "${TUNING[$key]}"
    done | sort
}

render_conf() {
    local key
    echo "# managed by historian_sysctl_tune.sh - $(date +%F)"
    for key in "${!TUNING[@]}"; do
        echo "${key} = ${TUNING[$key]}"
    done | sort
}

apply_conf() {
    render_conf | priv tee "$CONF" >/dev/null
    priv chmod 0644 "$CONF"
    log "wrote $CONF"
    priv sysctl --system >/dev/null
    log "reloaded kernel parameters"
    if systemctl is-active --quiet "$DB_SERVICE"; then
        priv systemctl restart "$DB_SERVICE"
        log "restarted $DB_SERVICE"
    fi
}

main() {
    log "current values:"
    report
    if [ "$APPLY" -eq 0 ]; then
        log "check only; nothing changed"
        exit 0
    fi
    apply_conf
    log "values after apply:"
    report
}

main
