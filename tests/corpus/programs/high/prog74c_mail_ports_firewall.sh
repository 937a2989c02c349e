#!/usr/bin/env bash
# mail_ports_firewall.sh - open the mail service ports on a fresh MX/IMAP
# host and rate-limit inbound SMTP connections per source address.
#
# Rules go into a dedicated MAIL-IN chain hooked from INPUT, so re-running
# the script replaces our rules without touching anything else.
#
# usage: mail_ports_firewall.sh [--no-save] [--smtp-rate N/min] [--dry-run]

set -euo pipefail

CHAIN="MAIL-IN"
SMTP_RATE="30/min"
SMTP_BURST=20
SAVE=1
DRY_RUN=0
RULES_FILE="/etc/iptables/rules.v4"

# port:proto:comment
SERVICES=(
    "25:tcp:smtp"
    "465:tcp:submissions"
    "587:tcp:submission"
    "993:tcp:imaps"
    "995:tcp:pop3s"
    "4190:tcp:managesieve"
)

log() { logger -t mail-firewall -- "$*" 2>/dev/null || true; echo "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-save) SAVE=0 ;;
        --smtp-rate) SMTP_RATE="$2"; shift ;;
        --dry-run) DRY_RUN=1 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done

if [[ $EUID -ne 0 ]]; then
    exec sudo -- "$0" "$@"
fi

ipt() {
    if (( DRY_RUN )); then
        echo "iptables $*"
    else
        iptables -w 5 "$@"
    fi
}

ensure_chain() {
    if iptables -w 5 -n -L "$CHAIN" >/dev/null 2>&1; then
        ipt -F "$CHAIN"
        log "flushed existing $CHAIN chain"
    else
        ipt -N "$CHAIN"
        log "created $CHAIN chain"
    fi
    if ! iptables -w 5 -C INPUT -j "$CHAIN" 2>/dev/null; then
        # after ESTABLISHED,RELATED and loopback, before any final REJECT
        local pos
        pos=$(iptables -w 5 -L INPUT --line-numbers -n | awk '/RELATED,ESTABLISHED|ESTABLISHED,RELATED/ {n=$1} END {print (n ? n + 1 : 1)}')
        ipt -I INPUT "$pos" -j "$CHAIN"
        log "hooked $CHAIN into INPUT at position $pos"
    fi
}

add_smtp_limit() {
    ipt -A "$CHAIN" -p tcp --dport 25 -m conntrack --ctstate NEW \
        -m hashlimit --hashlimit-name smtp-in --hashlimit-mode srcip \
        --hashlimit-above "$SMTP_RATE" --hashlimit-burst "$SMTP_BURST" \
        -m comment --comment "smtp rate limit" -j DROP
}

add_services() {
    local entry port proto comment
    for entry in "${SERVICES[@]}"; do
        IFS=: read -r port proto comment <<<"$entry"
        ipt -A "$CHAIN" -p "$proto" --dport "$port" -m conntrack --ctstate NEW \
            -m comment --comment "$comment" -j ACCEPT
        log "allow $proto/$port ($comment)"
    done
    ipt -A "$CHAIN" -j RETURN
}

persist() {
    (( SAVE )) || return 0
    (( DRY_RUN )) && { echo "would save to $RULES_FILE"; return 0; }
    mkdir -p "$(dirname "$RULES_FILE")"
    iptables-save > "$RULES_FILE"
    chmod 0640 "$RULES_FILE"
    log "rules saved to $RULES_FILE"
    if command -v netfilter-persistent >/dev/null 2>&1; then
        systemctl enable netfilter-persistent >/dev/null 2>&1 || true
    fi
}

ensure_chain
add_smtp_limit
add_services
persist
log "mail firewall rules applied (smtp limit $SMTP_RATE, burst $SMTP_BURST)"
