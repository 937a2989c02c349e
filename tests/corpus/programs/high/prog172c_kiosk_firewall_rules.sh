#!/usr/bin/env bash
# Add packet filter rules for the gallery kiosk VLAN on the exhibit gateway.
# Kiosks may reach the content server and the ticket API; everything else
# from the kiosk range to the office range is dropped.
set -euo pipefail

KIOSK_NET="${KIOSK_NET:-192.0.2.64/27}"
OFFICE_NET="${OFFICE_NET:-192.0.2.128/26}"
CONTENT_HOST="${CONTENT_HOST:-192.0.2.10}"
TICKET_HOST="${TICKET_HOST:-192.0.2.11}"
CHAIN="KIOSK_FWD"
DRY_RUN=0

filter_cmd=(iptables -w 5)

log() { printf 'kiosk-fw: %s\n' "$*" >&2; }

elevate() {
    if [ "$(id -u)" -ne 0 ]; then
        printf '%s\n' sudo
    fi
}

ipt() {
    local pre
    pre="$(elevate)"
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would run: ${pre:+$pre }${filter_cmd[*]} $*"
        return 0
    fi
    ${pre:+"$pre"} "${filter_cmd[@]}" "$@"
}

ensure_chain() {
    if ! ipt -n -L "$CHAIN" >/dev/null 2>&1; then
        ipt -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    if ! ipt -C FORWARD -s "$KIOSK_NET" -j "$CHAIN" 2>/dev/null; then
        ipt -I FORWARD 1 -s "$KIOSK_NET" -j "$CHAIN"
        log "hooked $CHAIN into FORWARD"
    fi
}

add_rule() {
    if ipt -C "$CHAIN" "$@" 2>/dev/null; then
        return 0
    fi
    ipt -A "$CHAIN" "$@"
    log "added: $*"
}

apply_rules() {
    local -a allow=(
        "$CONTENT_HOST tcp 443"
        "$CONTENT_HOST tcp 80"
        "$TICKET_HOST tcp 8443"
    )
    local entry host proto port
    add_rule -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    for entry in "${allow[@]}"; do
        read -r host proto port <<<"$entry"
        add_rule -d "$host" -p "$proto" --dport "$port" -j ACCEPT
    done
    add_rule -p udp --dport 53 -j ACCEPT
    add_rule -d "$OFFICE_NET" -j LOG --log-prefix "kiosk-drop: "
    add_rule -d "$OFFICE_NET" -j DROP
}

save_rules() {
    local pre
    pre="$(elevate)"
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would save rules"
        return
    fi
    if command -v netfilter-persistent >/dev/null 2>&1; then
        ${pre:+"$pre"} netfilter-persistent save
    else
        ${pre:+"$pre"} sh -c 'iptables-save > /etc/iptables/rules.v4'
    fi
    log "rules saved"
}

while getopts "nh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        h|*) echo "usage: $0 [-n]" >&2; exit 64 ;;
    esac
done

ensure_chain
apply_rules
save_rules
ipt -n -v -L "$CHAIN" --line-numbers
