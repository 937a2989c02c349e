#!/usr/bin/env bash
# parental_control_rules.sh - school-night cut-off for selected devices on a
# Linux box acting as the home gateway.
#
# Reads devices.conf, one device per line:
#     <mac>  <weekdays>  <from>  <until>  [name]
#     a4:83:e7:12:34:56  Mon,Tue,Wed,Thu,Sun  21:30  07:00  ella-tablet
# and (re)builds the KIDS_CURFEW chain in the FORWARD path.
#
# usage: parental_control_rules.sh [-c devices.conf] [-n] [--persist]
#   -n         print the rules instead of applying them
#   --persist  also save the ruleset so it survives a reboot

set -euo pipefail

CONF="devices.conf"
CHAIN="KIDS_CURFEW"
DRY_RUN=0
PERSIST=0
IPT="iptables"

log() { printf '[curfew] %s\n' "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        -c) CONF="$2"; shift 2 ;;
        -n) DRY_RUN=1; shift ;;
        --persist) PERSIST=1; shift ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) log "unknown argument $1"; exit 1 ;;
    esac
done

[ -r "$CONF" ] || { log "cannot read $CONF"; exit 1; }

if [ "$(id -u)" -ne 0 ] && [ "$DRY_RUN" -eq 0 ]; then
    IPT="sudo iptables"
fi

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "iptables $*"
    else
        $IPT "$@"
    fi
}

valid_mac() { [[ "$1" =~ ^([0-9a-fA-F]{2}:){5}[0-9a-fA-F]{2}$ ]]; }
valid_time() { [[ "$1" =~ ^([01][0-9]|2[0-3]):[0-5][0-9]$ ]]; }

reset_chain() {
    if $IPT -n -L "$CHAIN" >/dev/null 2>&1 || [ "$DRY_RUN" -eq 1 ]; then
        run -F "$CHAIN" || true
    else
        run -N "$CHAIN"
    fi
    # hook the chain into FORWARD exactly once
    if ! $IPT -C FORWARD -j "$CHAIN" >/dev/null 2>&1; then
        run -I FORWARD 1 -j "$CHAIN"
    fi
}

add_device() {
    local mac="$1" days="$2" from="$3" until="$4" name="${5:-$1}"
    valid_mac "$mac" || { log "skipping bad MAC '$mac'"; return; }
    valid_time "$from" && valid_time "$until" || { log "bad time for $name"; return; }

    # xt_time works in UTC unless told otherwise; --kerneltz follows the box
    if [[ "$from" > "$until" ]]; then
        run -A "$CHAIN" -m mac --mac-source "$mac" -m time --kerneltz \
            --weekdays "$days" --timestart "$from" --timestop 23:59:59 \
            -m comment --comment "curfew:$name" -j REJECT
        run -A "$CHAIN" -m mac --mac-source "$mac" -m time --kerneltz \
            --timestart 00:00 --timestop "$until" \
            -m comment --comment "curfew:$name" -j REJECT
    else
        run -A "$CHAIN" -m mac --mac-source "$mac" -m time --kerneltz \
            --weekdays "$days" --timestart "$from" --timestop "$until" \
            -m comment --comment "curfew:$name" -j REJECT
    fi
    log "curfew for $name ($mac) $days $from-$until"
}

persist() {
    local target=/etc/iptables/rules.v4
    log "saving ruleset to $target"
    sudo mkdir -p "$(dirname "$target")"
    sudo sh -c "iptables-save > $target"
}

main() {
    reset_chain
    local count=0
    while read -r mac days from until name; do
        case "$mac" in ''|\#*) continue ;; esac
        add_device "$mac" "$days" "$from" "$until" "${name:-}"
        count=$((count + 1))
    done < "$CONF"
    run -A "$CHAIN" -j RETURN
    log "$count device(s) configured"
    if [ "$PERSIST" -eq 1 ] && [ "$DRY_RUN" -eq 0 ]; then
        persist
    fi
}

main
