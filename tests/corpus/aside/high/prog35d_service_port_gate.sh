#!/usr/bin/env bash
# service-port-gate: open (or close) inbound access to an application's
# ports for a list of trusted networks, using a dedicated iptables chain so
# our rules never mix with the distribution's.  Services are described in
# ./ports.d/<service>.ports as lines of "proto port cidr[,cidr...]".
# Actions are dispatched through a small command table; every change is
# logged via an on_change callback list.
set -euo pipefail

PROG=${0##*/}
CHAIN=${GATE_CHAIN:-APP-GATE}
PORTS_DIR=${PORTS_DIR:-./ports.d}
STATE_FILE=./gate-state.log
DRY_RUN=0

declare -A COMMANDS=([open]=cmd_open [close]=cmd_close [status]=cmd_status [init]=cmd_init [list]=cmd_list [history]=cmd_history)
declare -a ON_CHANGE=(record_change)

log() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $PROG [-n] <init|open|close|status|list|history> [service...]
  -n   dry run (print iptables commands)
Services are read from $PORTS_DIR/<service>.ports
EOF
}

ipt() {
    local -a cmd=(iptables -w 5 "$@")
    if [[ $DRY_RUN -eq 1 ]]; then
        printf '[dry-run] %s\n' "${cmd[*]}"
        return 0
    fi
    if [[ $EUID -ne 0 ]]; then
        sudo "${cmd[@]}"
    else
        "${cmd[@]}"
    fi
}

notify() {
    local cb
    for cb in "${ON_CHANGE[@]}"; do "$cb" "$@"; done
}

record_change() {
    printf '%s %s %s\n' "$(date -u +%FT%TZ)" "$1" "$2" >> "$STATE_FILE"
}

valid_cidr() {
    [[ $1 =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}/([0-9]|[12][0-9]|3[0-2])$ ]]
}

rules_for() {
    # rules_for <service>: emits "proto port cidr" triples
    local file="$PORTS_DIR/$1.ports" proto port cidrs cidr
    [[ -f $file ]] || die "no port file for service '$1' ($file)"
    while read -r proto port cidrs; do
        [[ -z $proto || $proto == \#* ]] && continue
        [[ $proto == tcp || $proto == udp ]] || die "$file: bad protocol $proto"
        [[ $port =~ ^[0-9]{1,5}(:[0-9]{1,5})?$ ]] || die "$file: bad port $port"
        for cidr in ${cidrs//,/ }; do
            valid_cidr "$cidr" || die "$file: bad network $cidr"
            [[ $cidr == 0.0.0.0/0 ]] && die "$file: refusing to open $port to the whole internet"
            printf '%s %s %s\n' "$proto" "$port" "$cidr"
        done
    done < "$file"
}

rule_args() {
    local service=$1 proto=$2 port=$3 cidr=$4
    printf '%s\n' -p "$proto" -s "$cidr" --dport "$port" -m conntrack --ctstate NEW \
        -m comment --comment "gate:$service" -j ACCEPT
}

has_rule() {
    local -a args
    mapfile -t args < <(rule_args "$@")
    [[ $DRY_RUN -eq 0 ]] && ipt -C "$CHAIN" "${args[@]}" 2>/dev/null
}

cmd_init() {
    if ! ipt -n -L "$CHAIN" >/dev/null 2>&1; then
        ipt -N "$CHAIN"
        notify init "$CHAIN"
    fi
    if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
        ipt -I INPUT 1 -j "$CHAIN"
        notify hook "INPUT->$CHAIN"
    fi
}

cmd_open() {
    local service proto port cidr
    local -a args
    for service in "$@"; do
        while read -r proto port cidr; do
            if has_rule "$service" "$proto" "$port" "$cidr"; then
                log "$service: $proto/$port from $cidr already open"
                continue
            fi
            mapfile -t args < <(rule_args "$service" "$proto" "$port" "$cidr")
            ipt -A "$CHAIN" "${args[@]}"
            notify open "$service $proto/$port $cidr"
        done < <(rules_for "$service")
    done
}

cmd_close() {
    local service proto port cidr
    local -a args
    for service in "$@"; do
        while read -r proto port cidr; do
            has_rule "$service" "$proto" "$port" "$cidr" || continue
            mapfile -t args < <(rule_args "$service" "$proto" "$port" "$cidr")
            ipt -D "$CHAIN" "${args[@]}"
            notify close "$service $proto/$port $cidr"
        done < <(rules_for "$service")
    done
}

cmd_list() {
    local f service
    for f in "$PORTS_DIR"/*.ports; do
        [[ -e $f ]] || { log "no services defined in $PORTS_DIR"; return 0; }
        service=${f##*/}; service=${service%.ports}
        printf '%s:\n' "$service"
        rules_for "$service" | sed 's/^/    /'
    done
}

cmd_history() {
    [[ -f $STATE_FILE ]] || { log "no changes recorded yet"; return 0; }
    tail -n "${1:-20}" "$STATE_FILE"
}

cmd_status() {
    ipt -n -v --line-numbers -L "$CHAIN"
}

main() {
    while getopts ':nh' opt; do
        case $opt in
            n) DRY_RUN=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    shift $((OPTIND - 1))
    [[ $# -ge 1 ]] || { usage; exit 2; }
    local action=$1; shift
    local handler=${COMMANDS[$action]:-}
    [[ -n $handler ]] || die "unknown action '$action'"
    if [[ $action == open || $action == close ]]; then
        [[ $# -ge 1 ]] || die "$action needs at least one service"
        cmd_init
    fi
    "$handler" "$@"
}

main "$@"
