#!/usr/bin/env bash
# Block SSH brute-force sources with iptables and tell the ops Matrix room.
#
# Scans the last hour of sshd journal entries, counts failed logins per
# source address, inserts DROP rules into a dedicated SSHGUARD chain for
# offenders above the threshold and posts the list of new blocks.
set -euo pipefail

THRESHOLD="${THRESHOLD:-15}"
WINDOW="${WINDOW:-1 hour ago}"
CHAIN="SSHGUARD"
STATE_DIR="${STATE_DIR:-$HOME/.local/state/sshguard}"
BLOCKED_DB="$STATE_DIR/blocked.txt"
WHITELIST="${WHITELIST:-10.0.0.0/8 192.168.0.0/16}"
HOMESERVER="${MATRIX_HOMESERVER:-https://matrix.example.org}"
ROOM="${MATRIX_OPS_ROOM:-!ops:example.org}"

info() { echo "[sshguard] $*" >&2; }

ensure_chain() {
    if ! sudo iptables -n -L "$CHAIN" >/dev/null 2>&1; then
        info "creating chain $CHAIN"
        sudo iptables -N "$CHAIN"
        sudo iptables -I INPUT -p tcp --dport 22 -j "$CHAIN"
    fi
}

offenders() {
    journalctl -u ssh -u sshd --since "$WINDOW" --no-pager -o cat 2>/dev/null |
        grep -E 'Failed password|Invalid user' |
        grep -oE 'from ([0-9]{1,3}\.){3}[0-9]{1,3}' |
        awk '{print $2}' | sort | uniq -c |
        awk -v t="$THRESHOLD" '$1 >= t {print $2, $1}'
}

whitelisted() {
    local ip="$1" net
    for net in $WHITELIST; do
        if python3 -c 'import ipaddress,sys; sys.exit(0 if ipaddress.ip_address(sys.argv[1]) in ipaddress.ip_network(sys.argv[2]) else 1)' "$ip" "$net"; then
            return 0
        fi
    done
    return 1
}

block_ip() {
    local ip="$1"
    if sudo iptables -C "$CHAIN" -s "$ip" -j DROP 2>/dev/null; then
        return 1
    fi
    sudo iptables -A "$CHAIN" -s "$ip" -j DROP
    echo "$ip $(date -u +%FT%TZ)" >> "$BLOCKED_DB"
}

notify_matrix() {
    local body="$1"
    [[ -n "${MATRIX_ACCESS_TOKEN:-}" ]] || { info "no Matrix token, skipping notice"; return 0; }
    curl -sS --max-time 15 -X PUT \
        -H "Authorization: Bearer $MATRIX_ACCESS_TOKEN" \
        -H 'Content-Type: application/json' \
        --data "$(jq -n --arg b "$body" '{msgtype:"m.notice", body:$b}')" \
        "$HOMESERVER/_matrix/client/v3/rooms/$ROOM/send/m.room.message/sshguard-$(date +%s%N)" \
        >/dev/null || info "Matrix notice failed"
}

main() {
    mkdir -p "$STATE_DIR"
    touch "$BLOCKED_DB"
    ensure_chain

    local new=() ip count
    while read -r ip count; do
        [[ -n "$ip" ]] || continue
        if whitelisted "$ip"; then
            info "$ip ($count failures) is whitelisted"
            continue
        fi
        if block_ip "$ip"; then
            info "blocked $ip after $count failures"
            new+=("$ip ($count)")
        fi
    done < <(offenders)

    if (( ${#new[@]} )); then
        notify_matrix "sshguard on $(hostname -s) blocked ${#new[@]} address(es): ${new[*]}"
    else
        info "no new offenders"
    fi
}

main "$@"
