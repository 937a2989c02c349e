#!/bin/sh
# portwarden - small front end for host firewall rules on lab servers (run as root).
# Usage: portwarden {status|allow PORT [PROTO]|close PORT [PROTO]|ban ADDR|unban ADDR|save}
set -eu

CHAIN="PORTWARDEN"
RULES_OUT="/etc/iptables/rules.v4"
BANLIST="./portwarden.bans"
IPT="${IPTABLES:-iptables}"

msg() { printf 'portwarden: %s\n' "$*" >&2; }

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        msg "must be run as root"; exit 1
    fi
}

ensure_chain() {
    if ! $IPT -n -L "$CHAIN" >/dev/null 2>&1; then
        $IPT -N "$CHAIN"
        $IPT -I INPUT 1 -j "$CHAIN"
        msg "created chain $CHAIN"
    fi
}

valid_port() {
    case "$1" in
        ''|*[!0-9]*) return 1 ;;
    esac
    [ "$1" -ge 1 ] && [ "$1" -le 65535 ]
}

status() {
    $IPT -n -v --line-numbers -L "$CHAIN" 2>/dev/null || msg "chain $CHAIN not present"
    [ -s "$BANLIST" ] && { echo "--- banned"; cat "$BANLIST"; }
    return 0
}

allow() {
    port="${1:?port}"; proto="${2:-tcp}"
    valid_port "$port" || { msg "bad port $port"; exit 2; }
    ensure_chain
    $IPT -C "$CHAIN" -p "$proto" --dport "$port" -j ACCEPT 2>/dev/null && return 0
    $IPT -A "$CHAIN" -p "$proto" --dport "$port" -m conntrack --ctstate NEW -j ACCEPT
    msg "opened $port/$proto"
}

close_port() {
    port="${1:?port}"; proto="${2:-tcp}"
    $IPT -D "$CHAIN" -p "$proto" --dport "$port" -m conntrack --ctstate NEW -j ACCEPT \
        && msg "closed $port/$proto"
}

ban() {
    addr="${1:?address}"
    ensure_chain
    $IPT -I "$CHAIN" 1 -s "$addr" -j DROP
    echo "$addr $(date -u +%FT%TZ)" >> "$BANLIST"
    msg "banned $addr"
}

unban() {
    addr="${1:?address}"
    $IPT -D "$CHAIN" -s "$addr" -j DROP && msg "unbanned $addr"
    [ -f "$BANLIST" ] && grep -v "^$addr " "$BANLIST" > "$BANLIST.new" && mv "$BANLIST.new" "$BANLIST"
    return 0
}

save() {
    mkdir -p "$(dirname "$RULES_OUT")"
    iptables-save > "$RULES_OUT"
    msg "rules persisted to $RULES_OUT"
}

cmd="${1:-status}"
[ $# -gt 0 ] && shift
require_root
case "$cmd" in
    status) status ;;
    allow)  allow "$@" ;;
    close)  close_port "$@" ;;
    ban)    ban "$@" ;;
    unban)  unban "$@" ;;
    save)   save ;;
    *) msg "unknown command $cmd"; exit 2 ;;
esac
