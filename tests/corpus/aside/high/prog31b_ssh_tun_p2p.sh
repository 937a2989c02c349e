#!/bin/sh
# Poor man's VPN: a layer-3 point-to-point link over SSH (ssh -w).
#
# Creates tun<N> locally, asks the remote side to do the same, assigns
# 10.99.<N>.1/.2 and adds a route to the remote LAN through the tunnel.
# Requires PermitTunnel=yes on the server and sudo on both ends.
#
#   ssh_tun_p2p.sh [-n tun-number] [-r remote-lan-cidr] user@host
#   ssh_tun_p2p.sh -d [-n tun-number]      # tear down

TUN_NUM=5
REMOTE_LAN=""
TEARDOWN=0
SSH_OPTS="-o ServerAliveInterval=20 -o ExitOnForwardFailure=yes"

usage() {
    echo "usage: $0 [-n num] [-r cidr] user@host | -d [-n num]" >&2
    exit 2
}

while getopts "n:r:dh" o; do
    case "$o" in
        n) TUN_NUM="$OPTARG" ;;
        r) REMOTE_LAN="$OPTARG" ;;
        d) TEARDOWN=1 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))

DEV="tun${TUN_NUM}"
LOCAL_IP="10.99.${TUN_NUM}.1"
PEER_IP="10.99.${TUN_NUM}.2"

msg() { echo ">> $*"; }
fail() { echo "!! $*" >&2; exit 1; }

teardown() {
    if ip link show "$DEV" >/dev/null 2>&1; then
        [ -n "$REMOTE_LAN" ] && sudo ip route del "$REMOTE_LAN" dev "$DEV"
        sudo ip link set "$DEV" down
        sudo ip tuntap del dev "$DEV" mode tun
        msg "removed $DEV"
    else
        msg "$DEV not present"
    fi
    pid=$(pgrep -f "ssh .*-w ${TUN_NUM}:${TUN_NUM}")
    [ -n "$pid" ] && sudo kill $pid && msg "ssh tunnel stopped"
}

if [ "$TEARDOWN" -eq 1 ]; then
    teardown
    exit 0
fi

[ $# -eq 1 ] || usage
TARGET="$1"

# kernel support
if [ ! -c /dev/net/tun ]; then
    msg "loading tun module"
    sudo modprobe tun || fail "cannot load tun module"
fi

if ! ip link show "$DEV" >/dev/null 2>&1; then
    sudo ip tuntap add dev "$DEV" mode tun user "$(id -un)" || fail "tuntap add failed"
fi
sudo ip addr replace "${LOCAL_IP}/32" peer "${PEER_IP}" dev "$DEV"
sudo ip link set "$DEV" up mtu 1400
msg "local $DEV ${LOCAL_IP} <-> ${PEER_IP}"

REMOTE_SETUP="sudo ip addr replace ${PEER_IP}/32 peer ${LOCAL_IP} dev ${DEV} && \
sudo ip link set ${DEV} up mtu 1400 && \
sudo sysctl -q -w net.ipv4.ip_forward=1"

msg "connecting to $TARGET"
# shellcheck disable=SC2086
ssh -f $SSH_OPTS -w "${TUN_NUM}:${TUN_NUM}" "$TARGET" \
    "sleep 2; ${REMOTE_SETUP}; echo remote-ready; sleep infinity" \
    || fail "ssh -w failed (is PermitTunnel enabled?)"

i=0
while [ $i -lt 15 ]; do
    if ping -c1 -W1 "$PEER_IP" >/dev/null 2>&1; then
        msg "peer $PEER_IP reachable"
        break
    fi
    i=$((i + 1))
    sleep 1
done
[ $i -ge 15 ] && fail "peer did not answer; check remote sudo/PermitTunnel"

if [ -n "$REMOTE_LAN" ]; then
    sudo ip route replace "$REMOTE_LAN" via "$PEER_IP" dev "$DEV"
    msg "route $REMOTE_LAN via $DEV"
fi
msg "tunnel up; tear down with: $0 -d -n $TUN_NUM"
