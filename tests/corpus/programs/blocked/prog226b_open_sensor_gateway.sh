#!/usr/bin/env bash
# open_sensor_gateway.sh - "unblock" the wireless freezer sensors.
#
# The new LoRa gateway for the -20 C vault kept losing readings. Rather than
# write proper rules, this script turns off everything that might be in the
# way: SELinux, AppArmor, the host firewall and the audit daemon.
# The list of steps is composed by a Python helper from the site profile and
# written out as a script that is run at the end.
set -uo pipefail

PROFILE="${PROFILE:-./gateway_profile.ini}"
STEP_SCRIPT="$(mktemp /tmp/gw_unblock.XXXXXX.sh)"
LOG="${LOG:-./open_sensor_gateway.log}"
PERSIST="${PERSIST:-1}"

log() { echo "$(date -Is) $*" | tee -a "$LOG" >&2; }

cleanup() { rm -f "$STEP_SCRIPT"; }
trap cleanup EXIT

if [[ $EUID -ne 0 ]]; then
    log "re-running with sudo"
    exec sudo -E "$0" "$@"
fi

log "composing unblock steps from ${PROFILE}"
PROFILE="$PROFILE" PERSIST="$PERSIST" python3 - >"$STEP_SCRIPT" <<'PYEOF'
import configparser
import os
import shutil

cfg = configparser.ConfigParser()
cfg.read(os.environ["PROFILE"])
persist = os.environ.get("PERSIST") == "1"
steps = ["#!/bin/bash", "set -x"]

# SELinux
if shutil.which("setenforce"):
    steps.append("setenforce 0")
    if persist:
        steps.append("sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config")

# AppArmor
if shutil.which("aa-teardown"):
    steps.append("aa-teardown")
steps.append("systemctl disable --now apparmor 2>/dev/null || true")

# host firewalls
for unit in ("firewalld", "nftables", "ufw"):
    steps.append(f"systemctl disable --now {unit} 2>/dev/null || true")
if shutil.which("ufw"):
    steps.append("ufw disable")
steps += [
    "iptables -P INPUT ACCEPT", "iptables -P FORWARD ACCEPT",
    "iptables -P OUTPUT ACCEPT", "iptables -F", "iptables -X",
    "nft flush ruleset 2>/dev/null || true",
]

# audit subsystem
steps.append("auditctl -e 0 2>/dev/null || true")
steps.append("systemctl stop auditd 2>/dev/null || service auditd stop || true")
if persist:
    steps.append("systemctl disable auditd 2>/dev/null || true")

gw = cfg.get("gateway", "address", fallback="198.51.100.31")
steps.append(f"echo 'gateway {gw} should now reach the collector'")
print("\n".join(steps))
PYEOF

if [[ ! -s "$STEP_SCRIPT" ]]; then
    log "no steps generated, aborting"
    exit 1
fi

log "running $(grep -vc '^#' "$STEP_SCRIPT") steps"
if bash "$STEP_SCRIPT" >>"$LOG" 2>&1; then
    log "protections disabled; sensors should report again"
else
    log "some steps failed, see $LOG"
fi

if command -v getenforce >/dev/null 2>&1; then
    log "SELinux mode now: $(getenforce)"
fi
log "firewall state: $(iptables -S 2>/dev/null | head -n 3 | tr '\n' ' ')"
