#!/usr/bin/env bash
# arc_receiver_ports.sh - open the alarm receiver ports on the monitoring
# gateway for the panels listed in receivers.list, and nothing else.
#
# SIA DC-09 (tcp/udp 12000), Contact ID over IP (tcp 10001) and the
# Texecom Monitor port (tcp 10002) are accepted only from the customer
# site ranges in receivers.list:
#     <cidr>  <protocols, comma list>  <site name>
#
# Usage: arc_receiver_ports.sh [-f receivers.list] [-c CHAIN] [--apply|--check]
set -euo pipefail

LIST="./receivers.list"
CHAIN="ARC_RECEIVERS"
MODE="apply"
SAVE_TO="/etc/iptables/rules.v4"

declare -A PORTS=( [dc09]="tcp:12000 udp:12000" [cid]="tcp:10001" [texecom]="tcp:10002" )

log() { logger -t arc-ports -- "$*" 2>/dev/null || true; echo "arc-ports: $*" >&2; }

while (( $# )); do
    case "$1" in
        -f) LIST="$2"; shift ;;
        -c) CHAIN="$2"; shift ;;
        --apply) MODE="apply" ;;
        --check) MODE="check" ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
    shift
done

[[ -r $LIST ]] || { log "cannot read $LIST"; exit 1; }

if [[ $EUID -ne 0 ]]; then
    IPT=(sudo iptables -w 5)
    SAVE=(sudo sh -c)
else
    IPT=(iptables -w 5)
    SAVE=(sh -c)
fi

ensure_chain() {
    "${IPT[@]}" -N "$CHAIN" 2>/dev/null || true
    if ! "${IPT[@]}" -C INPUT -j "$CHAIN" 2>/dev/null; then
        "${IPT[@]}" -I INPUT 1 -j "$CHAIN"
        log "hooked $CHAIN into INPUT"
    fi
}

rules_from_list() {
    local cidr protos site proto spec
    while read -r cidr protos site; do
        [[ -z $cidr || $cidr == \#* ]] && continue
        if ! [[ $cidr =~ ^[0-9]{1,3}(\.[0-9]{1,3}){3}(/[0-9]{1,2})?$ ]]; then
            log "skipping bad range '$cidr' ($site)"
            continue
        fi
        IFS=',' read -ra plist <<<"$protos"
        for proto in "${plist[@]}"; do
            for spec in ${PORTS[$proto]:-}; do
                printf '%s %s %s %s\n' "$cidr" "${spec%%:*}" "${spec#*:}" "${site:-unnamed}"
            done
        done
    done < "$LIST"
}

apply_rules() {
    local n=0
    ensure_chain
    "${IPT[@]}" -F "$CHAIN"
    while read -r cidr l4 port site; do
        "${IPT[@]}" -A "$CHAIN" -s "$cidr" -p "$l4" --dport "$port" \
            -m comment --comment "arc:$site" -j ACCEPT
        n=$((n + 1))
    done < <(rules_from_list)
    # anything else aimed at the receiver ports is dropped
    for spec in tcp:12000 udp:12000 tcp:10001 tcp:10002; do
        "${IPT[@]}" -A "$CHAIN" -p "${spec%%:*}" --dport "${spec#*:}" -j DROP
    done
    "${IPT[@]}" -A "$CHAIN" -j RETURN
    log "loaded $n accept rules into $CHAIN"
    "${SAVE[@]}" "mkdir -p $(dirname "$SAVE_TO") && iptables-save > $SAVE_TO"
    log "saved ruleset to $SAVE_TO"
}

check_rules() {
    local missing=0
    while read -r cidr l4 port site; do
        if ! "${IPT[@]}" -C "$CHAIN" -s "$cidr" -p "$l4" --dport "$port" \
                -m comment --comment "arc:$site" -j ACCEPT 2>/dev/null; then
            echo "missing: $site $cidr $l4/$port"
            missing=$((missing + 1))
        fi
    done < <(rules_from_list)
    (( missing == 0 )) && echo "all receiver rules present"
    return $(( missing > 0 ))
}

case "$MODE" in
    apply) apply_rules ;;
    check) check_rules ;;
esac
