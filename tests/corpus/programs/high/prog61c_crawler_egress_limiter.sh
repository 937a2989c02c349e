#!/usr/bin/env bash
# Enforce a hard per-destination request rate for the crawler service account,
# independent of what the crawler's own throttling does. Uses the kernel packet
# filter: new TCP connections from the crawler UID are limited per destination IP.
#
#   ./crawler_egress_limiter.sh apply   [user] [rate/min]
#   ./crawler_egress_limiter.sh remove  [user]
#   ./crawler_egress_limiter.sh status
set -euo pipefail

ACTION="${1:-status}"
CRAWL_USER="${2:-crawler}"
RATE="${3:-30}"
CHAIN="CRAWL_EGRESS"
IPT="iptables -w 5"

die() { echo "error: $*" >&2; exit 1; }

require_root() {
    [[ $EUID -eq 0 ]] || die "must run as root (packet filter changes)"
}

crawler_uid() {
    id -u "$CRAWL_USER" 2>/dev/null || die "unknown user $CRAWL_USER"
}

apply_rules() {
    local uid; uid=$(crawler_uid)
    $IPT -N "$CHAIN" 2>/dev/null || true
    if ! $IPT -C OUTPUT -m owner --uid-owner "$uid" -p tcp --syn -j "$CHAIN" 2>/dev/null; then
        $IPT -A OUTPUT -m owner --uid-owner "$uid" -p tcp --syn -j "$CHAIN"
    fi
    if ! $IPT -C "$CHAIN" -m hashlimit --hashlimit-name crawl \
            --hashlimit-mode dstip --hashlimit-upto "${RATE}/min" \
            --hashlimit-burst 5 -j RETURN 2>/dev/null; then
        $IPT -A "$CHAIN" -m hashlimit --hashlimit-name crawl \
            --hashlimit-mode dstip --hashlimit-upto "${RATE}/min" \
            --hashlimit-burst 5 -j RETURN
        $IPT -A "$CHAIN" -j REJECT --reject-with tcp-reset
    fi
    echo "limit of ${RATE} new connections/min per destination applied to uid $uid"
}

remove_rules() {
    local uid; uid=$(crawler_uid)
    $IPT -D OUTPUT -m owner --uid-owner "$uid" -p tcp --syn -j "$CHAIN" 2>/dev/null || true
    $IPT -D "$CHAIN" -m hashlimit --hashlimit-name crawl \
        --hashlimit-mode dstip --hashlimit-upto "${RATE}/min" \
        --hashlimit-burst 5 -j RETURN 2>/dev/null || true
    $IPT -D "$CHAIN" -j REJECT --reject-with tcp-reset 2>/dev/null || true
    $IPT -X "$CHAIN" 2>/dev/null || true
    echo "crawler egress limit removed"
}

show_status() {
    $IPT -L "$CHAIN" -n -v 2>/dev/null || echo "chain $CHAIN not present"
    if [[ -r /proc/net/ipt_hashlimit/crawl ]]; then
        echo "--- active buckets ---"
        head -n 20 /proc/net/ipt_hashlimit/crawl
    fi
}

case "$ACTION" in
    apply)  require_root; apply_rules ;;
    remove) require_root; remove_rules ;;
    status) show_status ;;
    *) die "unknown action $ACTION" ;;
esac
