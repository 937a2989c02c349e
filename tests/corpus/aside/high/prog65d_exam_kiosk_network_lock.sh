#!/usr/bin/env bash
# exam_kiosk_network_lock.sh - restrict lab PCs to the LMS and the exam proxy
# while an online exam is running, and lift the restriction afterwards.
#
# usage: exam_kiosk_network_lock.sh lock   [-a allowlist.txt]
#        exam_kiosk_network_lock.sh unlock
#        exam_kiosk_network_lock.sh status
#
# allowlist.txt: one hostname or CIDR per line (lms.example.edu, 10.0.8.0/24)

set -euo pipefail

CHAIN="EXAM_LOCK"
ALLOWLIST="allowlist.txt"
ACTION="${1:-status}"; shift || true
SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

while getopts ":a:" opt; do
    case "$opt" in
        a) ALLOWLIST="$OPTARG" ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

ipt() { $SUDO iptables -w 5 "$@"; }

log() { logger -t exam-lock -- "$*" 2>/dev/null || true; echo "$*"; }

resolve_targets() {
    local entry
    while read -r entry _; do
        [[ -z "$entry" || "$entry" == \#* ]] && continue
        if [[ "$entry" =~ ^[0-9.]+(/[0-9]+)?$ ]]; then
            echo "$entry"
        else
            getent ahostsv4 "$entry" | awk '{print $1}' | sort -u
        fi
    done < "$ALLOWLIST"
}

chain_exists() { ipt -n -L "$CHAIN" >/dev/null 2>&1; }

do_lock() {
    [[ -r "$ALLOWLIST" ]] || { echo "cannot read $ALLOWLIST" >&2; exit 2; }
    mapfile -t targets < <(resolve_targets)
    [[ ${#targets[@]} -gt 0 ]] || { echo "allowlist resolved to nothing" >&2; exit 2; }

    chain_exists || ipt -N "$CHAIN"
    ipt -F "$CHAIN"
    ipt -A "$CHAIN" -o lo -j RETURN
    ipt -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN
    ipt -A "$CHAIN" -p udp --dport 53 -j RETURN
    ipt -A "$CHAIN" -p udp --dport 67:68 -j RETURN
    for t in "${targets[@]}"; do
        ipt -A "$CHAIN" -d "$t" -p tcp -m multiport --dports 80,443 -j RETURN
    done
    ipt -A "$CHAIN" -j REJECT --reject-with icmp-admin-prohibited

    if ! ipt -C OUTPUT -j "$CHAIN" 2>/dev/null; then
        ipt -I OUTPUT 1 -j "$CHAIN"
    fi
    log "exam lock enabled: ${#targets[@]} destination(s) allowed"
}

do_unlock() {
    while ipt -C OUTPUT -j "$CHAIN" 2>/dev/null; do
        ipt -D OUTPUT -j "$CHAIN"
    done
    if chain_exists; then
        ipt -F "$CHAIN"
        ipt -X "$CHAIN"
    fi
    log "exam lock lifted"
}

do_status() {
    if chain_exists && ipt -C OUTPUT -j "$CHAIN" 2>/dev/null; then
        echo "locked"
        ipt -n -v -L "$CHAIN" --line-numbers
    else
        echo "unlocked"
    fi
}

case "$ACTION" in
    lock) do_lock ;;
    unlock) do_unlock ;;
    status) do_status ;;
    *) sed -n '2,9p' "$0"; exit 1 ;;
esac
