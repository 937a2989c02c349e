#!/usr/bin/env bash
# latency_probe_setup.sh - prepare this machine to run the bufferbloat /
# latency probe (probe.py, built on icmplib) without root.
#
# icmplib needs either unprivileged ICMP sockets (ping_group_range covering
# our group) or CAP_NET_RAW on the interpreter running it. We set up a
# project venv, install the probe's requirements and then grant whichever
# of the two the system supports.
#
# usage: latency_probe_setup.sh [--venv .venv] [--method auto|sysctl|cap]

set -euo pipefail

VENV=".venv"
METHOD="auto"
REQS="requirements.txt"

msg() { printf '\033[1m==>\033[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --venv) VENV="$2"; shift 2 ;;
        --method) METHOD="$2"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) warn "ignoring $1"; shift ;;
    esac
done

make_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        msg "creating virtualenv in $VENV"
        python3 -m venv --copies "$VENV"
    fi
    "$VENV/bin/python" -m pip install -q --upgrade pip
    if [ -f "$REQS" ]; then
        "$VENV/bin/python" -m pip install -q -r "$REQS"
    else
        "$VENV/bin/python" -m pip install -q icmplib
    fi
}

current_range() {
    cat /proc/sys/net/ipv4/ping_group_range 2>/dev/null | tr -s '\t ' ' '
}

group_covered() {
    local lo hi gid
    read -r lo hi <<<"$(current_range)"
    gid="$(id -g)"
    [ -n "$lo" ] && [ "$gid" -ge "$lo" ] && [ "$gid" -le "$hi" ]
}

via_sysctl() {
    local gid
    gid="$(id -g)"
    msg "allowing unprivileged ICMP for gid $gid"
    sudo sysctl -w net.ipv4.ping_group_range="0 $gid"
    echo "net.ipv4.ping_group_range = 0 $gid" | sudo tee /etc/sysctl.d/60-latency-probe.conf >/dev/null
}

via_capability() {
    local py
    # --copies gave us a real binary, so the capability stays on this venv
    py="$(readlink -f "$VENV/bin/python")"
    msg "granting cap_net_raw to $py"
    sudo setcap cap_net_raw+ep "$py"
    getcap "$py"
}

verify() {
    msg "checking that the probe can ping the gateway"
    local gw
    gw="$(ip route show default | awk '{print $3; exit}')"
    "$VENV/bin/python" - "$gw" <<'EOF'
import sys
from icmplib import ping
host = sys.argv[1] or "1.1.1.1"
r = ping(host, count=3, interval=0.2, privileged=False)
print(f"{host}: avg {r.avg_rtt:.2f} ms, loss {r.packet_loss:.0%}")
EOF
}

make_venv

if group_covered; then
    msg "unprivileged ICMP already allowed ($(current_range))"
else
    case "$METHOD" in
        sysctl) via_sysctl ;;
        cap) via_capability ;;
        auto)
            if [ -w /proc/sys/net/ipv4/ping_group_range ] || command -v sudo >/dev/null; then
                via_sysctl || via_capability
            else
                via_capability
            fi
            ;;
        *) warn "unknown method $METHOD"; exit 1 ;;
    esac
fi

verify || warn "probe check failed; see above"
msg "done - run: $VENV/bin/python probe.py"
