#!/usr/bin/env bash
# sshd_bruteforce_blocklist.sh - poor man's fail2ban for the bastion hosts.
#
# Counts failed SSH logins in the last N minutes from the journal and drops
# offenders in a dedicated iptables chain. Entries older than BAN_HOURS are
# released on the next run. Allow-listed networks are never banned.
set -euo pipefail

WINDOW_MIN=${WINDOW_MIN:-15}
MAX_FAILS=${MAX_FAILS:-12}
BAN_HOURS=${BAN_HOURS:-24}
CHAIN=SSH_BLOCKLIST
DB=${BLOCKLIST_DB:-./blocklist.db}
ALLOW=(10.0.0.0/8 192.168.0.0/16)

log() { logger -t ssh-blocklist -- "$*"; echo "$*"; }

ensure_chain() {
    if ! iptables -n -L "$CHAIN" >/dev/null 2>&1; then
        iptables -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    if ! iptables -C INPUT -p tcp --dport 22 -j "$CHAIN" 2>/dev/null; then
        iptables -I INPUT 1 -p tcp --dport 22 -j "$CHAIN"
    fi
}

allowed() {
    local ip=$1 net
    for net in "${ALLOW[@]}"; do
        if python3 -c 'import ipaddress,sys; sys.exit(0 if ipaddress.ip_address(sys.argv[1]) in ipaddress.ip_network(sys.argv[2]) else 1)' "$ip" "$net"; then
            return 0
        fi
    done
    return 1
}

offenders() {
    journalctl -u ssh -u sshd --since "-${WINDOW_MIN}min" -o cat --no-pager 2>/dev/null |
        grep -oE 'Failed (password|publickey) for .* from ([0-9]{1,3}\.){3}[0-9]{1,3}' |
        awk '{print $NF}' | sort | uniq -c |
        awk -v max="$MAX_FAILS" '$1 >= max {print $2}'
}

ban() {
    local ip=$1
    if iptables -C "$CHAIN" -s "$ip" -j DROP 2>/dev/null; then
        return
    fi
    iptables -A "$CHAIN" -s "$ip" -j DROP
    echo "$ip $(date +%s)" >> "$DB"
    log "banned $ip for ${BAN_HOURS}h"
}

expire() {
    [[ -f "$DB" ]] || return 0
    local now cutoff ip ts keep
    now=$(date +%s); cutoff=$(( now - BAN_HOURS * 3600 )); keep=$(mktemp ./blocklist.XXXXXX)
    while read -r ip ts; do
        if (( ts < cutoff )); then
            iptables -D "$CHAIN" -s "$ip" -j DROP 2>/dev/null || true
            log "released $ip"
        else
            echo "$ip $ts" >> "$keep"
        fi
    done < "$DB"
    mv "$keep" "$DB"
}

main() {
    [[ $EUID -eq 0 ]] || { echo "run as root" >&2; exit 1; }
    ensure_chain
    expire
    local ip count=0
    while read -r ip; do
        [[ -z "$ip" ]] && continue
        if allowed "$ip"; then
            log "not banning allow-listed $ip"
            continue
        fi
        ban "$ip"; count=$((count + 1))
    done < <(offenders)
    log "run complete: $count new ban(s), chain has $(iptables -S "$CHAIN" | grep -c DROP) rule(s)"
}

main "$@"
