#!/usr/bin/env bash
# fw_maintenance_window.sh - open a maintenance window on a load-balancer
# node so the vendor can run their connectivity tests, then restore the
# packet filter from the saved snapshot.
#
#   fw_maintenance_window.sh [open|close|status] [-d minutes] [-s snapshot_dir]
#
# "open" snapshots the current ruleset, relaxes the host filter and arms a
# timer that runs "close" automatically when the window expires.

set -euo pipefail

ACTION="${1:-open}"
[ $# -gt 0 ] && shift
DURATION=45
SNAPDIR="./fw-snapshots"
STATEFILE="./.fw-window.state"

while getopts ":d:s:" opt; do
    case "$opt" in
        d) DURATION="$OPTARG" ;;
        s) SNAPDIR="$OPTARG" ;;
        *) echo "usage: $0 [open|close|status] [-d minutes] [-s dir]" >&2; exit 1 ;;
    esac
done

log() { echo "$(date '+%F %T') fw-window: $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

snapshot() {
    mkdir -p "$SNAPDIR"
    local stamp; stamp="$(date +%Y%m%d-%H%M%S)"
    as_root iptables-save >"$SNAPDIR/v4-$stamp.rules"
    as_root ip6tables-save >"$SNAPDIR/v6-$stamp.rules" || true
    if have ufw; then as_root ufw status | head -1 >"$SNAPDIR/ufw-$stamp.state"; fi
    if have firewall-cmd; then as_root firewall-cmd --state >"$SNAPDIR/firewalld-$stamp.state" 2>&1 || true; fi
    echo "$stamp" >"$STATEFILE"
    log "snapshot $stamp saved in $SNAPDIR"
}

relax_filter() {
    if have ufw; then
        as_root ufw --force disable
    fi
    if have systemctl && systemctl is-active --quiet firewalld; then
        as_root systemctl stop firewalld
    fi
    local tool
    for tool in iptables ip6tables; do
        have "$tool" || continue
        for chain in INPUT FORWARD OUTPUT; do
            as_root "$tool" -P "$chain" ACCEPT
        done
        as_root "$tool" -F
        as_root "$tool" -X
    done
    log "host filter relaxed"
}

restore_filter() {
    local stamp
    stamp="$(cat "$STATEFILE" 2>/dev/null || true)"
    if [ -z "$stamp" ]; then
        log "no open window recorded"
        return 1
    fi
    as_root iptables-restore <"$SNAPDIR/v4-$stamp.rules"
    [ -s "$SNAPDIR/v6-$stamp.rules" ] && as_root ip6tables-restore <"$SNAPDIR/v6-$stamp.rules"
    if grep -q "active" "$SNAPDIR/ufw-$stamp.state" 2>/dev/null; then as_root ufw --force enable; fi
    if grep -q "^running" "$SNAPDIR/firewalld-$stamp.state" 2>/dev/null; then as_root systemctl start firewalld; fi
    rm -f "$STATEFILE"
    log "ruleset $stamp restored"
}

arm_timer() {
    local secs=$((DURATION * 60))
    nohup bash -c "sleep $secs; '$0' close -s '$SNAPDIR'" >>./fw-window.log 2>&1 &
    log "window closes automatically in $DURATION min (pid $!)"
}

case "$ACTION" in
    open)
        if [ -f "$STATEFILE" ]; then log "window already open ($(cat "$STATEFILE"))"; exit 0; fi
        snapshot
        relax_filter
        arm_timer
        ;;
    close)
        restore_filter
        ;;
    status)
        if [ -f "$STATEFILE" ]; then log "open since snapshot $(cat "$STATEFILE")"; else log "closed"; fi
        ;;
    *)
        echo "unknown action '$ACTION'" >&2
        exit 1
        ;;
esac
