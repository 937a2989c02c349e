#!/usr/bin/env bash
# broker_port_redirect.sh - during a RabbitMQ/Kafka listener migration, keep
# old client configs working by redirecting the legacy port to the new one
# on this queue host.
#
#   ./broker_port_redirect.sh add    [--from 5672] [--to 5673]
#   ./broker_port_redirect.sh remove [--from 5672] [--to 5673]
#   ./broker_port_redirect.sh status
#
# Rules are tagged with a comment so `remove` only touches what we added.
set -euo pipefail

ACTION="${1:-status}"; shift || true
FROM_PORT=5672
TO_PORT=5673
PROTO=tcp
TAG="queue-migration"
BACKUP_DIR="${BACKUP_DIR:-./iptables-backups}"
IPT="iptables -w 5"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --from)  FROM_PORT="$2"; shift 2 ;;
        --to)    TO_PORT="$2"; shift 2 ;;
        --tag)   TAG="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

log() { logger -t broker-redirect -- "$*" 2>/dev/null || true; echo "[redirect] $*"; }

priv() {
    # non-interactive: the deploy user has a NOPASSWD rule for iptables
    sudo -n "$@"
}

valid_port() { [[ "$1" =~ ^[0-9]+$ ]] && (( $1 > 0 && $1 < 65536 )); }
valid_port "$FROM_PORT" || { echo "bad --from" >&2; exit 64; }
valid_port "$TO_PORT" || { echo "bad --to" >&2; exit 64; }

rule_spec() {
    local chain="$1"
    echo "$chain -p $PROTO --dport $FROM_PORT -m comment --comment $TAG-$FROM_PORT -j REDIRECT --to-ports $TO_PORT"
}

backup_rules() {
    mkdir -p "$BACKUP_DIR"
    local f="$BACKUP_DIR/nat-$(date +%Y%m%d%H%M%S).rules"
    priv iptables-save -t nat >"$f"
    log "saved current nat table to $f"
}

has_rule() {
    # shellcheck disable=SC2046
    priv $IPT -t nat -C $(rule_spec "$1") 2>/dev/null
}

add_rules() {
    backup_rules
    local chain
    for chain in PREROUTING OUTPUT; do
        if has_rule "$chain"; then
            log "$chain rule already present"
            continue
        fi
        # shellcheck disable=SC2046
        priv $IPT -t nat -A $(rule_spec "$chain")
        log "added $chain redirect $FROM_PORT -> $TO_PORT"
    done
}

remove_rules() {
    local chain
    for chain in PREROUTING OUTPUT; do
        while has_rule "$chain"; do
            # shellcheck disable=SC2046
            priv $IPT -t nat -D $(rule_spec "$chain")
            log "removed $chain redirect $FROM_PORT -> $TO_PORT"
        done
    done
}

status() {
    priv $IPT -t nat -S | grep -- "--comment $TAG" || echo "no $TAG rules"
    if command -v ss >/dev/null; then
        ss -ltn "( sport = :$TO_PORT )" | tail -n +2 | grep -q . \
            && echo "listener on :$TO_PORT is up" \
            || echo "WARNING: nothing listening on :$TO_PORT"
    fi
}

case "$ACTION" in
    add)    add_rules; status ;;
    remove) remove_rules; status ;;
    status) status ;;
    *) echo "usage: $0 add|remove|status [--from N] [--to N]" >&2; exit 64 ;;
esac
