#!/usr/bin/env bash
# Open the service ports for the web tier in the host firewall.
# Adds ACCEPT rules (with a per-source rate limit on SSH) in front of the
# existing INPUT chain, keeping the default DROP policy, and persists the
# resulting ruleset to /etc/iptables/rules.v{4,6}.

set -euo pipefail

PROG=${0##*/}
SETTINGS=${SETTINGS:-./fw-ports.env}
TCP_PORTS=${TCP_PORTS:-"80 443"}
SSH_PORT=${SSH_PORT:-22}
ADMIN_NET=${ADMIN_NET:-10.20.0.0/16}
COMMENT=${COMMENT:-web-tier}
PERSIST=1

log()  { logger -t "$PROG" -- "$*" 2>/dev/null || true; printf '[%s] %s\n' "$PROG" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo -E"
fi
run_as_root() { $SUDO "$@"; }

usage() {
    cat <<EOF
Usage: $PROG [-p "tcp ports"] [-a admin_net] [-n]
  -n  do not persist rules to /etc/iptables
EOF
}

while getopts ':p:a:nh' opt; do
    case $opt in
        p) TCP_PORTS=$OPTARG ;;
        a) ADMIN_NET=$OPTARG ;;
        n) PERSIST=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# shellcheck source=/dev/null
[[ -r $SETTINGS ]] && . "$SETTINGS"

declare -A TOOLS=([4]=iptables [6]=ip6tables)

ensure_rule() {
    local tool=$1; shift
    if run_as_root "$tool" -C INPUT "$@" 2>/dev/null; then
        return 0
    fi
    run_as_root "$tool" -I INPUT "$@"
    log "$tool: added $*"
}

open_ports() {
    local fam tool port
    for fam in 4 6; do
        tool=${TOOLS[$fam]}
        command -v "$tool" >/dev/null 2>&1 || { log "$tool missing, skipping IPv$fam"; continue; }
        ensure_rule "$tool" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT \
            -m comment --comment "$COMMENT"
        for port in $TCP_PORTS; do
            ensure_rule "$tool" -p tcp --dport "$port" -m conntrack --ctstate NEW \
                -j ACCEPT -m comment --comment "$COMMENT"
        done
    done
    # SSH only from the admin network, at most 6 new connections/min per source
    ensure_rule iptables -p tcp -s "$ADMIN_NET" --dport "$SSH_PORT" -m conntrack --ctstate NEW \
        -m hashlimit --hashlimit-name ssh --hashlimit-mode srcip --hashlimit-upto 6/min \
        -j ACCEPT -m comment --comment "$COMMENT-ssh"
}

persist_rules() {
    (( PERSIST )) || { log "not persisting (-n)"; return 0; }
    run_as_root install -d -m 0755 /etc/iptables
    run_as_root iptables-save  | run_as_root tee /etc/iptables/rules.v4 >/dev/null
    run_as_root ip6tables-save | run_as_root tee /etc/iptables/rules.v6 >/dev/null
    run_as_root chmod 0640 /etc/iptables/rules.v4 /etc/iptables/rules.v6
    if systemctl is-active --quiet netfilter-persistent.service 2>/dev/null; then
        log "netfilter-persistent is active; saved rules load at boot"
    fi
    log "rules saved to /etc/iptables"
}

main() {
    command -v iptables >/dev/null 2>&1 || die "iptables not installed"
    open_ports
    persist_rules
    local count
    count=$(run_as_root iptables -S INPUT | grep -c -- "$COMMENT" || true)
    log "$count IPv4 rule(s) tagged $COMMENT"
}

main "$@"
