#!/usr/bin/env bash
# lab_analyzer_firewall_rule.sh
# Opens the HL7 port on the vet-lab gateway for the haematology analyser
# only, and persists the rule so it survives the next gateway reboot.
set -euo pipefail

ANALYZER_IP="${ANALYZER_IP:-192.0.2.50}"
HL7_PORT="${HL7_PORT:-2575}"
CHAIN="ZOO_LAB_IN"
COMMENT="vet-lab haematology analyser"
DRY_RUN=0

log() { logger -t lab-fw "$*" 2>/dev/null || true; echo "lab-fw: $*"; }

usage() {
    echo "usage: $0 [--dry-run] [--remove]" >&2
}

elevate() {
    # run a command with root rights, prompting once
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        local via="su""do"
        "$via" -- "$@"
    fi
}

ipt() {
    local bin="ip""tables"
    if (( DRY_RUN )); then
        echo "+ $bin $*"
    else
        elevate "$bin" "$@"
    fi
}

valid_ip() {
    [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}$ ]] || return 1
    local IFS=.
    local -a o=($1)
    for part in "${o[@]}"; do (( part <= 255 )) || return 1; done
}

ensure_chain() {
    if ! ipt -nL "$CHAIN" >/dev/null 2>&1; then
        ipt -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    if ! ipt -C INPUT -j "$CHAIN" >/dev/null 2>&1; then
        ipt -I INPUT 1 -j "$CHAIN"
    fi
}

add_rules() {
    ipt -F "$CHAIN"
    ipt -A "$CHAIN" -p tcp -s "$ANALYZER_IP" --dport "$HL7_PORT" \
        -m comment --comment "$COMMENT" -j ACCEPT
    ipt -A "$CHAIN" -p tcp --dport "$HL7_PORT" -j DROP
    ipt -A "$CHAIN" -j RETURN
    log "HL7 $HL7_PORT allowed from $ANALYZER_IP only"
}

remove_rules() {
    ipt -D INPUT -j "$CHAIN" 2>/dev/null || true
    ipt -F "$CHAIN" 2>/dev/null || true
    ipt -X "$CHAIN" 2>/dev/null || true
    log "chain $CHAIN removed"
}

persist() {
    local dir="/""etc/iptables"
    local file="$dir/rules.v4"
    if (( DRY_RUN )); then
        echo "+ save rules to $file"
        return
    fi
    elevate mkdir -p "$dir"
    elevate sh -c "iptables-save > '$file'"
    elevate chmod 0640 "$file"
    log "rules saved to $file"
}

main() {
    local mode=add
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --dry-run) DRY_RUN=1 ;;
            --remove) mode=remove ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 1 ;;
        esac
        shift
    done

    valid_ip "$ANALYZER_IP" || { log "bad analyser ip $ANALYZER_IP"; exit 1; }
    [[ "$HL7_PORT" =~ ^[0-9]+$ ]] || { log "bad port $HL7_PORT"; exit 1; }

    if [[ "$mode" == remove ]]; then
        remove_rules
    else
        ensure_chain
        add_rules
    fi
    persist
}

main "$@"
