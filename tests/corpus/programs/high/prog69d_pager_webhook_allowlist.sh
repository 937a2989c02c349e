#!/usr/bin/env bash
# pager_webhook_allowlist.sh - keep the PAGER-HOOKS chain in sync with the
# published PagerDuty webhook source addresses so only they can reach the
# paging relay's receiver port.
#
#   ./pager_webhook_allowlist.sh [--region us|eu] [--port 9443] [--dry-run]
#
# Run from the relay's deploy user (needs sudo for iptables). Can be run
# from a timer: the chain is rebuilt atomically-ish and only swapped in when
# the download succeeded.

set -euo pipefail

REGION=us
PORT=9443
DRY_RUN=0
CHAIN=PAGER-HOOKS
CACHE=./.pd-webhook-ranges.json

while [[ $# -gt 0 ]]; do
    case "$1" in
        --region) REGION="$2"; shift 2 ;;
        --port) PORT="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        *) echo "usage: $0 [--region us|eu] [--port N] [--dry-run]" >&2; exit 2 ;;
    esac
done

RANGES_URL="https://developer.pagerduty.com/ip-safelists/webhooks-${REGION}-service-region-json"

note() { echo "$(date -Is) allowlist: $*"; }

run() {
    if (( DRY_RUN )); then
        echo "+ $*"
    else
        "$@"
    fi
}

fetch_ranges() {
    local tmp
    tmp="$(mktemp ./.pd-webhook-ranges.XXXXXX)"
    if wget -q -T 15 -t 3 -O "$tmp" "$RANGES_URL" && jq -e 'length > 0' "$tmp" >/dev/null; then
        mv "$tmp" "$CACHE"
    else
        rm -f "$tmp"
        [[ -s "$CACHE" ]] || { note "download failed and no cached list"; exit 1; }
        note "download failed, using cached list from $(stat -c %y "$CACHE")"
    fi
    jq -r '.[]' "$CACHE" | grep -E '^[0-9.]+(/[0-9]+)?$' | sort -u
}

rebuild_chain() {
    local ranges=("$@") next="${CHAIN}-NEW"
    run sudo iptables -N "$next" 2>/dev/null || run sudo iptables -F "$next"
    for cidr in "${ranges[@]}"; do
        run sudo iptables -A "$next" -s "$cidr" -p tcp --dport "$PORT" -j ACCEPT
    done
    run sudo iptables -A "$next" -p tcp --dport "$PORT" -j DROP

    # hook the new chain in first, then drop the old one
    run sudo iptables -I INPUT 1 -p tcp --dport "$PORT" -j "$next"
    if sudo iptables -C INPUT -p tcp --dport "$PORT" -j "$CHAIN" 2>/dev/null; then
        run sudo iptables -D INPUT -p tcp --dport "$PORT" -j "$CHAIN"
    fi
    if sudo iptables -L "$CHAIN" -n >/dev/null 2>&1; then
        run sudo iptables -F "$CHAIN"
        run sudo iptables -X "$CHAIN"
    fi
    run sudo iptables -E "$next" "$CHAIN"
}

main() {
    mapfile -t RANGES < <(fetch_ranges)
    (( ${#RANGES[@]} > 0 )) || { note "empty range list, refusing to lock the port"; exit 1; }
    note "${#RANGES[@]} source ranges for region ${REGION}, port ${PORT}"
    sudo -v || { note "sudo not available"; exit 1; }
    rebuild_chain "${RANGES[@]}"
    if (( ! DRY_RUN )) && command -v netfilter-persistent >/dev/null; then
        sudo netfilter-persistent save >/dev/null
    fi
    note "done"
}

main
