#!/usr/bin/env bash
# harden-fw.sh - tighten inbound filtering on a bastion host.
#
# Adds a dedicated HARDEN_IN chain that allows loopback, established
# traffic, ICMP echo (rate limited) and SSH from the admin networks only,
# logs and drops everything else, then switches the INPUT default policy
# to DROP. Idempotent: existing rules are checked with -C before adding.
#
# usage: harden-fw.sh [--dry-run] [--admin-net CIDR]... [--ssh-port N]

set -euo pipefail

CHAIN="HARDEN_IN"
SSH_PORT=22
DRY_RUN=0
ADMIN_NETS=()
DEFAULT_ADMIN_NETS=("10.20.0.0/16" "192.168.50.0/24")
EXTRA_TCP_PORTS=(443)

say() { printf '[harden-fw] %s\n' "$*"; }
die() { say "ERROR: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --admin-net) ADMIN_NETS+=("$2"); shift ;;
        --ssh-port) SSH_PORT="$2"; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
    shift
done
(( ${#ADMIN_NETS[@]} )) || ADMIN_NETS=("${DEFAULT_ADMIN_NETS[@]}")

if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    say "not root, using sudo for iptables"
else
    SUDO=""
fi

ipt() {
    if (( DRY_RUN )); then
        say "would run: iptables $*"
        return 0
    fi
    $SUDO iptables -w 5 "$@"
}

# ensure RULE... : append to CHAIN only if an identical rule is absent
ensure() {
    if (( DRY_RUN )); then
        say "would ensure: -A $CHAIN $*"
        return 0
    fi
    if ! $SUDO iptables -w 5 -C "$CHAIN" "$@" 2>/dev/null; then
        $SUDO iptables -w 5 -A "$CHAIN" "$@"
        say "added: $*"
    fi
}

command -v iptables >/dev/null || die "iptables not installed"

# refuse to lock ourselves out: the SSH client address must be in an admin net
if [[ -n "${SSH_CONNECTION:-}" ]]; then
    client_ip="${SSH_CONNECTION%% *}"
    say "current SSH client: $client_ip (make sure it is covered by ${ADMIN_NETS[*]})"
fi

# create chain if missing
if (( ! DRY_RUN )); then
    $SUDO iptables -w 5 -nL "$CHAIN" >/dev/null 2>&1 || $SUDO iptables -w 5 -N "$CHAIN"
fi

ensure -i lo -j ACCEPT
ensure -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
ensure -m conntrack --ctstate INVALID -j DROP
ensure -p icmp --icmp-type echo-request -m limit --limit 5/second -j ACCEPT

for net in "${ADMIN_NETS[@]}"; do
    ensure -p tcp -s "$net" --dport "$SSH_PORT" -m conntrack --ctstate NEW -j ACCEPT
done
for port in "${EXTRA_TCP_PORTS[@]}"; do
    ensure -p tcp --dport "$port" -m conntrack --ctstate NEW -j ACCEPT
done

ensure -m limit --limit 10/min -j LOG --log-prefix "HARDEN_IN drop: " --log-level 4
ensure -j DROP

# hook the chain into INPUT at the top, once
if (( DRY_RUN )); then
    say "would insert jump to $CHAIN at INPUT position 1"
elif ! $SUDO iptables -w 5 -C INPUT -j "$CHAIN" 2>/dev/null; then
    $SUDO iptables -w 5 -I INPUT 1 -j "$CHAIN"
    say "INPUT now jumps to $CHAIN"
fi

ipt -P INPUT DROP
ipt -P FORWARD DROP
say "default INPUT/FORWARD policy set to DROP"

if (( ! DRY_RUN )); then
    $SUDO iptables -w 5 -nvL "$CHAIN" --line-numbers
fi
say "done"
