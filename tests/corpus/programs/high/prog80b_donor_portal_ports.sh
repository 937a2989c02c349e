#!/usr/bin/env bash
# Open the donor self-service portal on the office server.
#
# The portal (gunicorn behind caddy) listens on the ports named in
# portal.env.  This opens them for the office LAN and the payment
# processor's webhook range, with a simple per-source rate limit so a bot
# cannot hammer the giving form.  Rules are tagged with a comment so
# --remove can take them out again.
#
#   ./donor_portal_ports.sh          # add rules
#   ./donor_portal_ports.sh --list
#   ./donor_portal_ports.sh --remove
set -euo pipefail

ENV_FILE="${PORTAL_ENV:-portal.env}"
TAG="donor-portal"
IPT="iptables"

[[ -f "$ENV_FILE" ]] && source "$ENV_FILE"
PORTAL_PORTS="${PORTAL_PORTS:-443 8443}"
OFFICE_LAN="${OFFICE_LAN:-192.168.10.0/24}"
WEBHOOK_RANGES="${WEBHOOK_RANGES:-}"
RATE="${RATE:-30/minute}"
BURST="${BURST:-60}"

log() { echo "$(date +%T) portal-ports: $*" >&2; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@" 2>/dev/null || sudo "$@"; fi
}

rule_exists() { as_root "$IPT" -C "$@" 2>/dev/null; }

add_rule() {
    if rule_exists "$@"; then
        log "exists: $*"
    else
        as_root "$IPT" -I "$@"
        log "added:  $*"
    fi
}

open_ports() {
    local port src
    for port in $PORTAL_PORTS; do
        add_rule INPUT -p tcp --dport "$port" -s "$OFFICE_LAN" \
            -m comment --comment "$TAG" -j ACCEPT
        for src in $WEBHOOK_RANGES; do
            add_rule INPUT -p tcp --dport "$port" -s "$src" \
                -m comment --comment "$TAG webhook" -j ACCEPT
        done
        add_rule INPUT -p tcp --dport "$port" -m conntrack --ctstate NEW \
            -m hashlimit --hashlimit-above "$RATE" --hashlimit-burst "$BURST" \
            --hashlimit-mode srcip --hashlimit-name "portal$port" \
            -m comment --comment "$TAG ratelimit" -j DROP
    done
}

list_rules() {
    as_root "$IPT" -S INPUT | grep -- "--comment \"\?$TAG" || log "no portal rules"
}

remove_rules() {
    local spec n=0
    while read -r spec; do
        [[ -n "$spec" ]] || continue
        # -S prints "-A INPUT ..."; turn it into a delete of the same spec
        eval "as_root $IPT -D ${spec#-A }"
        n=$((n + 1))
    done < <(as_root "$IPT" -S INPUT | grep -- "$TAG" || true)
    log "removed $n rule(s)"
}

persist_hint() {
    if command -v netfilter-persistent >/dev/null; then
        log "run 'netfilter-persistent save' to keep these across reboots"
    fi
}

case "${1:-}" in
    --list)   list_rules ;;
    --remove) remove_rules ;;
    "")       open_ports; list_rules; persist_hint ;;
    *)        log "unknown option $1"; exit 64 ;;
esac
