#!/usr/bin/env bash
# partner_sftp_allowlist.sh - allow partner banks to push files to our SFTP inbox.
#
# Reads partner source ranges from a config file and inserts ACCEPT rules for
# TCP/22 in a dedicated chain. Existing rules for other services are untouched.
set -euo pipefail

CONFIG="${CONFIG:-./config/partner_ranges.conf}"
CHAIN="RECON_PARTNERS"
PORT=22
ACTION="apply"

log() { echo "[allowlist] $*"; }
die() { echo "[allowlist] ERROR: $*" >&2; exit 1; }

usage() {
    cat <<EOF
Usage: $0 [--config FILE] [--port N] [apply|list|remove]
Config format: one "name cidr" pair per line, '#' for comments.
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --config) CONFIG="$2"; shift 2 ;;
        --port) PORT="$2"; shift 2 ;;
        apply|list|remove) ACTION="$1"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

command -v iptables >/dev/null || die "iptables not found"

valid_cidr() {
    [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}/([0-9]|[12][0-9]|3[0-2])$ ]]
}

ensure_chain() {
    if ! sudo iptables -n -L "$CHAIN" >/dev/null 2>&1; then
        sudo iptables -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    if ! sudo iptables -C INPUT -p tcp --dport "$PORT" -j "$CHAIN" 2>/dev/null; then
        sudo iptables -I INPUT -p tcp --dport "$PORT" -j "$CHAIN"
        log "jumped INPUT tcp/$PORT to $CHAIN"
    fi
}

apply_rules() {
    [ -f "$CONFIG" ] || die "config $CONFIG not found"
    ensure_chain
    local added=0 skipped=0
    while read -r name cidr; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        if ! valid_cidr "$cidr"; then
            log "skipping $name: invalid range '$cidr'"
            skipped=$((skipped + 1))
            continue
        fi
        if sudo iptables -C "$CHAIN" -s "$cidr" -p tcp --dport "$PORT" -j ACCEPT 2>/dev/null; then
            log "$name ($cidr) already allowed"
            continue
        fi
        sudo iptables -A "$CHAIN" -s "$cidr" -p tcp --dport "$PORT" \
            -m comment --comment "partner:$name" -j ACCEPT
        log "allowed $name ($cidr)"
        added=$((added + 1))
    done < "$CONFIG"
    log "added $added rules, skipped $skipped"
}

list_rules() {
    sudo iptables -n -L "$CHAIN" --line-numbers 2>/dev/null || log "chain $CHAIN does not exist"
}

remove_rules() {
    [ -f "$CONFIG" ] || die "config $CONFIG not found"
    local removed=0
    while read -r name cidr; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        valid_cidr "$cidr" || continue
        while sudo iptables -C "$CHAIN" -s "$cidr" -p tcp --dport "$PORT" \
                -m comment --comment "partner:$name" -j ACCEPT 2>/dev/null; do
            sudo iptables -D "$CHAIN" -s "$cidr" -p tcp --dport "$PORT" \
                -m comment --comment "partner:$name" -j ACCEPT
            removed=$((removed + 1))
        done
    done < "$CONFIG"
    log "removed $removed partner rules from $CHAIN"
}

case "$ACTION" in
    apply) apply_rules ;;
    list) list_rules ;;
    remove) remove_rules ;;
esac
