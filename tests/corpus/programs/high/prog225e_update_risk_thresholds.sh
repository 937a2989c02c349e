#!/usr/bin/env bash
# update_risk_thresholds.sh - roll new seller risk thresholds onto a scorer host.
#
# The fraud policy team signs off new auto-decline / manual-review
# thresholds every sprint. The scorer daemon reads them from
# /etc/seller-risk/thresholds.conf and re-reads on reload. This script
# validates the proposed file, backs up the live one and reloads the daemon.
#
# Usage: update_risk_thresholds.sh -f proposed.conf [-n]

set -euo pipefail

PROPOSED=""
DRY_RUN=0
CONF_DIR="/etc/seller-risk"
LIVE_CONF="$CONF_DIR/thresholds.conf"
SERVICE="seller-risk-scorer.service"
BACKUP_DIR="./threshold_backups"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >&2
}

while getopts ":f:nh" opt; do
    case "$opt" in
        f) PROPOSED="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) echo "usage: $0 -f proposed.conf [-n]"; exit 1 ;;
    esac
done

[[ -n "$PROPOSED" ]] || { log ERROR "-f proposed.conf is required"; exit 1; }
[[ -f "$PROPOSED" ]] || { log ERROR "$PROPOSED not found"; exit 1; }

validate() {
    local line key value errors=0 lineno=0
    declare -A seen=()
    while IFS= read -r line || [[ -n "$line" ]]; do
        lineno=$((lineno + 1))
        [[ -z "$line" || "$line" == \#* ]] && continue
        if [[ ! "$line" =~ ^([a-z_]+)=([0-9]+(\.[0-9]+)?)$ ]]; then
            log ERROR "line $lineno malformed: $line"
            errors=$((errors + 1))
            continue
        fi
        key="${BASH_REMATCH[1]}"
        value="${BASH_REMATCH[2]}"
        seen[$key]="$value"
    done < "$PROPOSED"
    for key in auto_decline_score manual_review_score max_first_day_listings; do
        [[ -n "${seen[$key]:-}" ]] || { log ERROR "missing $key"; errors=$((errors + 1)); }
    done
    if [[ -n "${seen[auto_decline_score]:-}" && -n "${seen[manual_review_score]:-}" ]]; then
        if (( ${seen[auto_decline_score]%.*} <= ${seen[manual_review_score]%.*} )); then
            log ERROR "auto_decline_score must exceed manual_review_score"
            errors=$((errors + 1))
        fi
    fi
    return "$errors"
}

backup_live() {
    mkdir -p "$BACKUP_DIR"
    if [[ -f "$LIVE_CONF" ]]; then
        cp "$LIVE_CONF" "$BACKUP_DIR/thresholds.$(date +%Y%m%d%H%M%S).conf"
        log INFO "backed up live thresholds"
    fi
}

deploy() {
    if (( DRY_RUN )); then
        log INFO "dry run: would install $PROPOSED to $LIVE_CONF and reload $SERVICE"
        diff -u "$LIVE_CONF" "$PROPOSED" || true
        return
    fi
    sudo install -d -m 0755 "$CONF_DIR"
    sudo install -m 0644 -o root -g root "$PROPOSED" "$LIVE_CONF"
    log INFO "installed $LIVE_CONF"
    sudo systemctl reload "$SERVICE"
    sleep 2
    if systemctl is-active --quiet "$SERVICE"; then
        log INFO "$SERVICE reloaded and active"
    else
        log ERROR "$SERVICE not active after reload; restore from $BACKUP_DIR"
        exit 3
    fi
}

main() {
    if ! validate; then
        log ERROR "validation failed; nothing deployed"
        exit 2
    fi
    log INFO "proposed thresholds valid"
    backup_live
    deploy
}

main "$@"
