#!/usr/bin/env bash
# Let the dev containers send mail through the host's Postfix.
# - adds the docker bridge subnet to Postfix mynetworks / inet_interfaces
# - opens TCP 25 for that subnet only
# - reloads postfix and sends a test message with swaks if available
set -euo pipefail

BRIDGE_IF="${BRIDGE_IF:-docker0}"
RELAY_PORT=25
MAIN_CF=/etc/postfix/main.cf
TEST_RCPT="${TEST_RCPT:-}"
DRY_RUN=0

die() { echo "error: $*" >&2; exit 1; }
run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "+ $*"
    else
        "$@"
    fi
}

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

while [ $# -gt 0 ]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -i|--interface) BRIDGE_IF=$2; shift ;;
        -t|--test) TEST_RCPT=$2; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
    shift
done

command -v postconf >/dev/null || die "postfix is not installed"
[ -f "$MAIN_CF" ] || die "$MAIN_CF missing"

bridge_cidr=$(ip -4 -o addr show dev "$BRIDGE_IF" 2>/dev/null | awk '{print $4}' | head -n1)
[ -n "$bridge_cidr" ] || die "no IPv4 address on $BRIDGE_IF"
bridge_ip=${bridge_cidr%/*}
subnet=$(python3 -c 'import ipaddress,sys; print(ipaddress.ip_interface(sys.argv[1]).network)' "$bridge_cidr")
echo "bridge $BRIDGE_IF: $bridge_ip ($subnet)"

current_nets=$(postconf -h mynetworks)
if ! grep -qw -- "$subnet" <<<"$current_nets"; then
    run $SUDO cp -p "$MAIN_CF" "$MAIN_CF.$(date +%Y%m%d%H%M%S).bak"
    run $SUDO postconf -e "mynetworks = $current_nets $subnet"
fi

current_ifaces=$(postconf -h inet_interfaces)
if [ "$current_ifaces" != "all" ] && ! grep -qw -- "$bridge_ip" <<<"$current_ifaces"; then
    run $SUDO postconf -e "inet_interfaces = loopback-only, $bridge_ip"
    restart_needed=1
fi

if ! $SUDO iptables -C INPUT -i "$BRIDGE_IF" -s "$subnet" -p tcp --dport "$RELAY_PORT" -j ACCEPT 2>/dev/null; then
    run $SUDO iptables -I INPUT -i "$BRIDGE_IF" -s "$subnet" -p tcp --dport "$RELAY_PORT" \
        -m comment --comment "dev-mail-relay" -j ACCEPT
fi

if [ "${restart_needed:-0}" -eq 1 ]; then
    run $SUDO systemctl restart postfix
else
    run $SUDO systemctl reload postfix
fi

if [ -n "$TEST_RCPT" ] && command -v swaks >/dev/null; then
    run swaks --server "$bridge_ip" --port "$RELAY_PORT" --to "$TEST_RCPT" \
        --header "Subject: relay test from $(hostname)" --body "relay via $BRIDGE_IF works"
fi
echo "done: containers can use $bridge_ip:$RELAY_PORT as SMTP relay"
