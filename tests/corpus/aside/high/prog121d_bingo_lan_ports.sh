#!/usr/bin/env bash
# bingo_lan_ports.sh - open the caller PC to the electronic card terminals
#
# The handheld e-bingo terminals on the hall VLAN push tickets and claims to
# the caller software on 5020/tcp, sync game state on 5021/udp and the
# jackpot displays poll 8088/tcp. This adds (or removes with -d) accept
# rules for exactly those ports from the hall subnet, ahead of the distro's
# default policy. Called from the session start/end buttons on the desktop.
#
#   bingo_lan_ports.sh [-s 10.20.0.0/24] [-d] [-n]

set -euo pipefail

SUBNET="10.20.0.0/24"
CHAIN="BINGO_LAN"
REMOVE=0
DRY=0
RULES_FILE="${BINGO_PORTS_FILE:-./bingo_ports.conf}"   # "proto port comment"
LOGFILE="./bingo_lan_ports.log"

log() { echo "$(date -Is) $*" >> "$LOGFILE"; echo "$*"; }

while getopts ":s:dn" o; do
    case $o in
        s) SUBNET=$OPTARG ;;
        d) REMOVE=1 ;;
        n) DRY=1 ;;
        *) echo "usage: $0 [-s subnet] [-d] [-n]" >&2; exit 2 ;;
    esac
done

if [[ ! -r $RULES_FILE ]]; then
    cat > "$RULES_FILE" <<'EOF'
tcp 5020 caller-tickets
udp 5021 game-sync
tcp 8088 jackpot-poll
EOF
    log "wrote default port list to $RULES_FILE"
fi

IPT=(iptables -w 5)
if (( EUID != 0 )); then
    IPT=(sudo -n "${IPT[@]}")
fi

run() {
    if (( DRY )); then echo "+ $*"; else "$@"; fi
}

chain_exists() { "${IPT[@]}" -n -L "$CHAIN" >/dev/null 2>&1; }

install_chain() {
    chain_exists || run "${IPT[@]}" -N "$CHAIN"
    run "${IPT[@]}" -F "$CHAIN"
    while read -r proto port comment; do
        [[ -z ${proto:-} || $proto == \#* ]] && continue
        [[ $port =~ ^[0-9]+$ ]] || { log "skip bad port '$port'"; continue; }
        run "${IPT[@]}" -A "$CHAIN" -s "$SUBNET" -p "$proto" --dport "$port" \
            -m comment --comment "bingo:$comment" -j ACCEPT
        log "allow $proto/$port from $SUBNET ($comment)"
    done < "$RULES_FILE"
    run "${IPT[@]}" -A "$CHAIN" -j RETURN
    if ! "${IPT[@]}" -C INPUT -j "$CHAIN" 2>/dev/null; then
        run "${IPT[@]}" -I INPUT 1 -j "$CHAIN"
    fi
}

remove_chain() {
    while "${IPT[@]}" -C INPUT -j "$CHAIN" 2>/dev/null; do
        run "${IPT[@]}" -D INPUT -j "$CHAIN"
    done
    if chain_exists; then
        run "${IPT[@]}" -F "$CHAIN"
        run "${IPT[@]}" -X "$CHAIN"
    fi
    log "session closed, $CHAIN removed"
}

if (( REMOVE )); then
    remove_chain
else
    install_chain
    log "session open for terminals on $SUBNET"
fi
