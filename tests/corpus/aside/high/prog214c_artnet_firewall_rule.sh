#!/usr/bin/env bash
# Open the desk PC's firewall for Art-Net (UDP 6454) and sACN (UDP 5568)
# from the lighting network only. Existing rules are left untouched.
set -euo pipefail

LX_NET="${LX_NET:-192.0.2.0/24}"
LX_IFACE="${LX_IFACE:-eth1}"
PORTS="${PORTS:-6454 5568}"
COMMENT_TAG="lx-desk"
LOG_FILE="${LOG_FILE:-./artnet_rule.log}"
CHECK_ONLY=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    echo "usage: $0 [-n cidr] [-i iface] [-c]   (-c = check only)"
}

while getopts ":n:i:ch" opt; do
    case "$opt" in
        n) LX_NET="$OPTARG" ;;
        i) LX_IFACE="$OPTARG" ;;
        c) CHECK_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# Validate the CIDR before it goes anywhere near iptables.
normalised=$(LX_NET="$LX_NET" python3 - <<'PY'
import ipaddress, os, sys
try:
    net = ipaddress.ip_network(os.environ["LX_NET"], strict=False)
except ValueError as exc:
    sys.exit("invalid network: %s" % exc)
if net.prefixlen < 16:
    sys.exit("refusing network wider than /16: %s" % net)
print(net.with_prefixlen)
PY
) || { log ERROR "bad LX_NET '$LX_NET'"; exit 2; }
LX_NET="$normalised"

if ! ip link show "$LX_IFACE" >/dev/null 2>&1; then
    log ERROR "interface $LX_IFACE not present"
    exit 1
fi

rule_args() {
    local port="$1"
    echo "INPUT -i $LX_IFACE -p udp -s $LX_NET --dport $port -m comment --comment $COMMENT_TAG -j ACCEPT"
}

added=0
present=0
for port in $PORTS; do
    case "$port" in
        ''|*[!0-9]*) log WARN "skipping non-numeric port '$port'"; continue ;;
    esac
    # shellcheck disable=SC2046
    if sudo iptables -C $(rule_args "$port") 2>/dev/null; then
        log INFO "rule for udp/$port from $LX_NET already present"
        present=$((present + 1))
        continue
    fi
    if [[ $CHECK_ONLY -eq 1 ]]; then
        log INFO "missing rule for udp/$port"
        continue
    fi
    # shellcheck disable=SC2046
    if sudo iptables -I $(rule_args "$port"); then
        log INFO "allowed udp/$port from $LX_NET on $LX_IFACE"
        added=$((added + 1))
    else
        log ERROR "failed to add rule for udp/$port"
    fi
done

log INFO "summary: $added added, $present already present"
sudo iptables -S INPUT | grep -- "$COMMENT_TAG" || true
