#!/bin/bash
# fw_allowlist.sh -- keep the INPUT allow-list for monitoring agents in sync
#
# Rules are "proto:port:source-cidr:comment" strings. They are inserted
# into a dedicated chain (MON-ALLOW) that INPUT jumps to; the default
# policy and every other chain are left alone.

set -euo pipefail

CHAIN="MON-ALLOW"
SAVE_FILE="/etc/iptables/rules.v4"
DRY_RUN=0

RULES=(
    "tcp:9100:10.20.0.0/16:node-exporter"
    "tcp:9113:10.20.0.0/16:nginx-exporter"
    "tcp:8125:10.20.4.0/24:statsd-tcp"
    "udp:8125:10.20.4.0/24:statsd-udp"
    "tcp:5666:10.20.9.12/32:nagios-nrpe"
)

# iptables wrapper: sudo when needed, wait for the xtables lock, honour -n
ipt() {
    local -a cmd=(iptables -w 5 "$@")
    (( EUID == 0 )) || cmd=(sudo "${cmd[@]}")
    if (( DRY_RUN )); then
        printf 'would run: %s\n' "${cmd[*]}"
        return 0
    fi
    "${cmd[@]}"
}
ipt_q() { ipt "$@" >/dev/null 2>&1; }

note() { printf '[fw] %s\n' "$*"; }

ensure_chain() {
    if ! ipt_q -n -L "$CHAIN"; then
        note "creating chain $CHAIN"
        ipt -N "$CHAIN"
    fi
    if ! ipt_q -C INPUT -j "$CHAIN"; then
        note "hooking $CHAIN into INPUT"
        ipt -I INPUT 1 -j "$CHAIN"
    fi
}

rule_args() {
    local spec="$1" proto port src comment
    IFS=':' read -r proto port src comment <<< "$spec"
    [[ $proto =~ ^(tcp|udp)$ ]] || { note "bad proto in '$spec'"; return 1; }
    [[ $port =~ ^[0-9]{1,5}$ ]] || { note "bad port in '$spec'"; return 1; }
    printf '%s\n' -p "$proto" --dport "$port" -s "$src" \
        -m comment --comment "mon:${comment}" -j ACCEPT
}

sync_rules() {
    local spec added=0 kept=0
    local -a args
    for spec in "${RULES[@]}"; do
        mapfile -t args < <(rule_args "$spec") || continue
        (( ${#args[@]} )) || continue
        if ipt_q -C "$CHAIN" "${args[@]}"; then
            kept=$((kept + 1))
        else
            ipt -A "$CHAIN" "${args[@]}"
            added=$((added + 1))
            note "allowed ${spec%:*}"
        fi
    done
    note "rules: $added added, $kept already present"
}

persist() {
    [[ -d ${SAVE_FILE%/*} ]] || { note "no ${SAVE_FILE%/*}, not persisting"; return 0; }
    if (( DRY_RUN )); then
        note "would save to $SAVE_FILE"
        return 0
    fi
    note "saving ruleset to $SAVE_FILE"
    sudo sh -c "iptables-save > '$SAVE_FILE'"
}

usage() {
    cat <<USAGE
usage: ${0##*/} [-n] [sync|list]
  -n    dry run, print the iptables commands
USAGE
}

while getopts ":nh" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done
shift $((OPTIND - 1))

case "${1:-sync}" in
    sync) ensure_chain; sync_rules; persist ;;
    list) ipt -n -v -L "$CHAIN" --line-numbers ;;
    *)    usage; exit 64 ;;
esac
