#!/usr/bin/env bash
# icecast_port_setup.sh - bring a fresh stream server in line with the
# station's standard Icecast layout.
#
#  * installs our icecast.xml (from this repo) over the distro one
#  * opens the listener port and the source port from the studio subnet only
#  * reloads icecast so the new mounts show up
#
#   ./icecast_port_setup.sh [--config ./icecast.xml] [--studio-net 10.20.0.0/24]

set -euo pipefail

CONFIG=./icecast.xml
STUDIO_NET=10.20.0.0/24
TARGET=/etc/icecast2/icecast.xml
SERVICE=icecast2

while [ $# -gt 0 ]; do
    case $1 in
        --config) CONFIG=$2; shift 2 ;;
        --studio-net) STUDIO_NET=$2; shift 2 ;;
        --service) SERVICE=$2; shift 2 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

say() { printf '\033[1m==>\033[0m %s\n' "$*"; }

# pick whatever privilege helper this box has
if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=()
elif command -v doas >/dev/null 2>&1; then
    AS_ROOT=(doas)
else
    AS_ROOT=(sudo)
fi

xml_value() {
    # first <tag>value</tag> in the config; good enough for our flat file
    sed -n "s:.*<$1>\([^<]*\)</$1>.*:\1:p" "$CONFIG" | head -n1
}

[ -r "$CONFIG" ] || { echo "cannot read $CONFIG" >&2; exit 1; }
if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout "$CONFIG" || { echo "$CONFIG is not valid XML" >&2; exit 1; }
fi

LISTEN_PORT=$(xml_value port)
LISTEN_PORT=${LISTEN_PORT:-8000}
SOURCE_PORT=$((LISTEN_PORT + 1))
say "listener port $LISTEN_PORT, source port $SOURCE_PORT, studio net $STUDIO_NET"

say "installing $CONFIG -> $TARGET"
if [ -f "$TARGET" ] && cmp -s "$CONFIG" "$TARGET"; then
    echo "    unchanged"
else
    "${AS_ROOT[@]}" cp -a "$TARGET" "$TARGET.bak.$(date +%s)" 2>/dev/null || true
    "${AS_ROOT[@]}" install -o icecast2 -g icecast -m 0640 "$CONFIG" "$TARGET"
fi

add_rule() {
    if "${AS_ROOT[@]}" iptables -C INPUT "$@" 2>/dev/null; then
        echo "    rule present: $*"
    else
        "${AS_ROOT[@]}" iptables -I INPUT "$@"
        echo "    rule added: $*"
    fi
}

say "firewall"
add_rule -p tcp --dport "$LISTEN_PORT" -m conntrack --ctstate NEW -j ACCEPT
add_rule -p tcp -s "$STUDIO_NET" --dport "$SOURCE_PORT" -m conntrack --ctstate NEW -j ACCEPT
if command -v netfilter-persistent >/dev/null 2>&1; then
    "${AS_ROOT[@]}" netfilter-persistent save
fi

say "reloading $SERVICE"
if ! "${AS_ROOT[@]}" systemctl reload "$SERVICE"; then
    "${AS_ROOT[@]}" systemctl restart "$SERVICE"
fi
"${AS_ROOT[@]}" systemctl is-active --quiet "$SERVICE" && say "$SERVICE is running"

if curl -fsS --max-time 5 "http://127.0.0.1:$LISTEN_PORT/status-json.xsl" >/dev/null; then
    say "status page answers on $LISTEN_PORT"
else
    echo "warning: status page did not answer" >&2
fi
