#!/usr/bin/env bash
# Redirect the public HTTP/HTTPS ports to the shop app, which runs unprivileged
# on 8080/8443, so the app never needs to bind a low port itself.
#
# usage: shop_port_redirect.sh [add|remove|status] [--http 8080] [--https 8443] [--iface eth0]
set -euo pipefail

ACTION="${1:-status}"
shift || true
HTTP_TO=8080
HTTPS_TO=8443
IFACE=""
TOOL="ip""tables"
TABLE="nat"
CHAIN="PRE""ROUTING"
COMMENT="roastery-shop-redirect"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }
die() { log "error: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --http)  HTTP_TO="$2"; shift 2 ;;
        --https) HTTPS_TO="$2"; shift 2 ;;
        --iface) IFACE="$2"; shift 2 ;;
        *) die "unknown option $1" ;;
    esac
done

[[ $(id -u) -eq 0 ]] || die "run as root (packet filter changes need it)"
command -v "$TOOL" >/dev/null || die "$TOOL not installed"

declare -A MAP=([80]="$HTTP_TO" [443]="$HTTPS_TO")

rule_spec() {
    local from="$1" to="$2"
    local spec=(-p tcp --dport "$from" -m comment --comment "$COMMENT" -j REDIRECT --to-ports "$to")
    if [[ -n "$IFACE" ]]; then
        spec=(-i "$IFACE" "${spec[@]}")
    fi
    printf '%s\n' "${spec[@]}"
}

has_rule() {
    local -a spec
    mapfile -t spec < <(rule_spec "$1" "$2")
    "$TOOL" -t "$TABLE" -C "$CHAIN" "${spec[@]}" 2>/dev/null
}

add_rules() {
    local from
    for from in "${!MAP[@]}"; do
        local -a spec
        mapfile -t spec < <(rule_spec "$from" "${MAP[$from]}")
        if has_rule "$from" "${MAP[$from]}"; then
            log "redirect $from -> ${MAP[$from]} already present"
            continue
        fi
        "$TOOL" -t "$TABLE" -A "$CHAIN" "${spec[@]}"
        # locally generated traffic (health checks on the box) goes through OUTPUT
        "$TOOL" -t "$TABLE" -A OUTPUT -o lo -p tcp --dport "$from" \
            -m comment --comment "$COMMENT" -j REDIRECT --to-ports "${MAP[$from]}"
        log "added redirect $from -> ${MAP[$from]}"
    done
}

remove_rules() {
    local chain num
    for chain in "$CHAIN" OUTPUT; do
        # delete from the bottom so rule numbers stay valid
        while read -r num; do
            [[ -n "$num" ]] || continue
            "$TOOL" -t "$TABLE" -D "$chain" "$num"
            log "removed $chain rule $num"
        done < <("$TOOL" -t "$TABLE" -L "$chain" --line-numbers -n \
                    | awk -v c="$COMMENT" '$0 ~ c {print $1}' | sort -rn)
    done
}

status() {
    "$TOOL" -t "$TABLE" -S | grep -- "$COMMENT" || log "no shop redirects installed"
}

case "$ACTION" in
    add)    add_rules; status ;;
    remove) remove_rules ;;
    status) status ;;
    *) die "action must be add, remove or status" ;;
esac
