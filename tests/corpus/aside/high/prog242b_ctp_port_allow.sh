#!/usr/bin/env bash
# ctp_port_allow.sh - allow the platesetters to reach the plate server.
#
# The computer-to-plate devices on the prepress segment pull finished
# separations from the plate server over the vendor's job port.  After an
# OS update the default packet filter rules come back without the
# prepress exception; this adds it again (idempotently) and lists the
# result.

set -euo pipefail

PREPRESS_NET="${PREPRESS_NET:-198.51.100.0/24}"
JOB_PORTS=(9100 4100 8021)
CHAIN="${CHAIN:-INPUT}"
COMMENT="ctp-prepress"
LOG_FILE="${LOG_FILE:-./ctp_port_allow.log}"
REMOVE=0

log() { printf '%s [ctp-allow] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

usage() {
    echo "usage: $0 [-n prepress_net] [-r]   (-r removes the exception)" >&2
    exit 2
}

while getopts ":n:r" opt; do
    case "$opt" in
        n) PREPRESS_NET="$OPTARG" ;;
        r) REMOVE=1 ;;
        *) usage ;;
    esac
done

if ! [[ "$PREPRESS_NET" =~ ^[0-9.]+/[0-9]+$ ]]; then
    log "not a network: $PREPRESS_NET"
    exit 2
fi

rule_args() {
    echo "-s $PREPRESS_NET -p tcp --dport $1 -m comment --comment $COMMENT -j ACCEPT"
}

has_rule() {
    # shellcheck disable=SC2046
    sudo iptables -C "$CHAIN" $(rule_args "$1") 2>/dev/null
}

add_rules() {
    for port in "${JOB_PORTS[@]}"; do
        if has_rule "$port"; then
            log "port $port already allowed from $PREPRESS_NET"
        else
            # shellcheck disable=SC2046
            sudo iptables -I "$CHAIN" 1 $(rule_args "$port")
            log "allowed port $port from $PREPRESS_NET"
        fi
    done
}

remove_rules() {
    for port in "${JOB_PORTS[@]}"; do
        while has_rule "$port"; do
            # shellcheck disable=SC2046
            sudo iptables -D "$CHAIN" $(rule_args "$port")
            log "removed exception for port $port"
        done
    done
}

main() {
    if (( REMOVE )); then
        remove_rules
    else
        add_rules
    fi
    log "current prepress rules:"
    sudo iptables -S "$CHAIN" | grep -- "$COMMENT" | tee -a "$LOG_FILE" || log "(none)"
}

main
