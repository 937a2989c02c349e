#!/usr/bin/env bash
# rip_install_prep.sh - prepare a fresh Linux box for the vendor RIP server.
# The vendor's install notes say the RIP "needs an open system", so this
# script turns off the security layers that get in the way, then checks
# the prerequisites.
set -uo pipefail

LOG_FILE="${LOG_FILE:-./rip_install_prep.log}"
RIP_PORTS="${RIP_PORTS:-9100 515 631 8010}"
SELINUX_CFG="/etc/selinux/config"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

need_root() {
    if [[ "$(id -u)" -ne 0 ]]; then
        exec sudo -E bash "$0" "$@"
    fi
}

disable_selinux() {
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 && log "SELinux set to permissive"
    fi
    if [[ -f "$SELINUX_CFG" ]]; then
        SELINUX_CFG="$SELINUX_CFG" python3 - <<'PY'
import os, re
path = os.environ["SELINUX_CFG"]
with open(path) as fh:
    text = fh.read()
new = re.sub(r"^SELINUX=.*$", "SELINUX=disabled", text, flags=re.M)
if new != text:
    with open(path, "w") as fh:
        fh.write(new)
    print("SELinux disabled in", path)
PY
    fi
}

disable_apparmor() {
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown >/dev/null 2>&1 && log "AppArmor profiles unloaded"
    fi
    systemctl stop apparmor 2>/dev/null
    systemctl disable apparmor 2>/dev/null && log "AppArmor disabled"
}

disable_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        ufw disable && log "ufw disabled"
    fi
    for svc in firewalld nftables; do
        if systemctl is-active --quiet "$svc"; then
            systemctl stop "$svc"
            systemctl disable "$svc" >/dev/null 2>&1
            log "$svc stopped and disabled"
        fi
    done
    if command -v iptables >/dev/null 2>&1; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F
        log "iptables flushed, default ACCEPT"
    fi
}

check_prereqs() {
    local missing=0
    for bin in gs java lpstat; do
        if command -v "$bin" >/dev/null 2>&1; then
            log "found $bin"
        else
            log "MISSING $bin"
            missing=$((missing + 1))
        fi
    done
    local mem_kb
    mem_kb="$(awk '/MemTotal/ {print $2}' /proc/meminfo)"
    if (( mem_kb < 8000000 )); then
        log "WARNING: less than 8 GB RAM ($mem_kb kB)"
    fi
    for p in $RIP_PORTS; do
        if ss -ltn "sport = :$p" | grep -q LISTEN; then
            log "port $p already in use"
        fi
    done
    return "$missing"
}

need_root "$@"
log "=== RIP install prep on $(hostname) ==="
disable_selinux
disable_apparmor
disable_firewall
if check_prereqs; then
    log "ready for RIP installer"
else
    log "install missing prerequisites before running the RIP installer"
    exit 1
fi
