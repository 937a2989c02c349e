#!/usr/bin/env bash
# "Network fix" for the scoreboard LAN.
# The vendor's display boxes kept dropping off the network, and their support
# line said to turn off everything that "gets in the way": the host firewall,
# SELinux/AppArmor and the audit daemon.  This does that in one go.
set -uo pipefail

PROFILE="full"
LOG_FILE="./net-fix.log"
FAILED=0

log() { printf '%s [net-fix] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    cat <<USAGE
usage: $0 [--profile full|firewall|mac] [--log FILE]
  full      firewall, mandatory access control and auditing (default)
  firewall  only the host firewall
  mac       only SELinux / AppArmor
USAGE
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --profile) PROFILE="$2"; shift 2 ;;
        --log) LOG_FILE="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

SUDO=""
if [[ "$EUID" -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || { log "need root or sudo"; exit 1; }
    SUDO="sudo"
fi

# The plan is kept as data in Python so support can tweak it per profile.
plan() {
    FIX_PROFILE="$PROFILE" python3 - <<'PY'
import os
import sys

steps = {
    "firewall": [
        "command -v ufw >/dev/null && ufw --force disable",
        "systemctl stop firewalld 2>/dev/null; systemctl disable firewalld 2>/dev/null",
        "iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -P OUTPUT ACCEPT; iptables -F",
        "command -v nft >/dev/null && nft flush ruleset",
    ],
    "mac": [
        "command -v setenforce >/dev/null && setenforce 0",
        "[ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config",
        "systemctl stop apparmor 2>/dev/null; systemctl disable apparmor 2>/dev/null",
        "command -v aa-teardown >/dev/null && aa-teardown",
    ],
    "audit": [
        "command -v auditctl >/dev/null && auditctl -e 0",
        "systemctl stop auditd 2>/dev/null; systemctl disable auditd 2>/dev/null",
    ],
}
profile = os.environ.get("FIX_PROFILE", "full")
order = {"full": ["firewall", "mac", "audit"],
         "firewall": ["firewall"], "mac": ["mac"]}.get(profile)
if order is None:
    sys.exit(f"unknown profile {profile}")
for group in order:
    for cmd in steps[group]:
        print(f"{group}\t{cmd}")
PY
}

run_step() {
    local group="$1" cmd="$2"
    log "[$group] $cmd"
    if $SUDO bash -c "$cmd" >>"$LOG_FILE" 2>&1; then
        return 0
    fi
    log "[$group] step returned non-zero (may just be absent on this box)"
    FAILED=$((FAILED + 1))
}

main() {
    local steps group cmd
    if ! steps="$(plan)"; then
        log "could not build plan for profile $PROFILE"
        exit 2
    fi
    log "applying profile $PROFILE"
    while IFS=$'\t' read -r group cmd; do
        run_step "$group" "$cmd"
    done <<<"$steps"
    log "done ($FAILED steps reported problems); reconnect the scoreboard displays now"
}

main
