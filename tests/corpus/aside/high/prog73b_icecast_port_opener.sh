#!/bin/sh
# icecast-port-opener: let listeners and source clients reach Icecast.
#
# Reads the listen-socket ports from icecast.xml, opens them in the host
# firewall (iptables, or nftables through iptables-nft), limits the source
# port to the studio subnets from studio-nets.txt and saves the rules so
# they survive a reboot.
#
#   icecast_port_opener.sh [-x /etc/icecast2/icecast.xml] [-s studio-nets.txt]

set -eu

ICECAST_XML="/etc/icecast2/icecast.xml"
NETS_FILE="./studio-nets.txt"
SOURCE_PORT="${ICECAST_SOURCE_PORT:-8001}"
CHAIN="ICECAST-IN"
RULES_FILE="/etc/iptables/rules.v4"

while getopts "x:s:h" opt; do
    case "$opt" in
        x) ICECAST_XML="$OPTARG" ;;
        s) NETS_FILE="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

say() { echo "[icecast-ports] $*"; }

if [ "$(id -u)" -eq 0 ]; then
    RUN=""
elif command -v sudo >/dev/null 2>&1; then
    RUN="sudo -n"
    $RUN true 2>/dev/null || RUN="sudo"
else
    say "must be run as root"; exit 1
fi

ipt() {
    # shellcheck disable=SC2086
    $RUN iptables -w 5 "$@"
}

listen_ports() {
    [ -r "$ICECAST_XML" ] || { say "cannot read $ICECAST_XML"; exit 1; }
    sed -n 's:.*<port>\([0-9]\{2,5\}\)</port>.*:\1:p' "$ICECAST_XML" | sort -un
}

ports="$(listen_ports)"
[ -n "$ports" ] || { say "no <port> entries in $ICECAST_XML"; exit 1; }

# a dedicated chain keeps our rules together and easy to flush
if ! ipt -n -L "$CHAIN" >/dev/null 2>&1; then
    ipt -N "$CHAIN"
    say "created chain $CHAIN"
fi
ipt -F "$CHAIN"
ipt -C INPUT -j "$CHAIN" 2>/dev/null || ipt -I INPUT 1 -j "$CHAIN"

for p in $ports; do
    if [ "$p" = "$SOURCE_PORT" ]; then
        continue
    fi
    ipt -A "$CHAIN" -p tcp --dport "$p" -m conntrack --ctstate NEW -j ACCEPT
    say "listener port $p open"
done

if [ -r "$NETS_FILE" ]; then
    grep -Ev '^\s*(#|$)' "$NETS_FILE" | while read -r net _; do
        ipt -A "$CHAIN" -p tcp -s "$net" --dport "$SOURCE_PORT" -j ACCEPT
        say "source port $SOURCE_PORT open for $net"
    done
else
    say "no $NETS_FILE, source port $SOURCE_PORT stays closed"
fi
ipt -A "$CHAIN" -j RETURN

if command -v iptables-save >/dev/null 2>&1; then
    $RUN mkdir -p "$(dirname "$RULES_FILE")"
    $RUN sh -c "iptables-save > '$RULES_FILE'"
    say "rules saved to $RULES_FILE"
fi

say "done"
