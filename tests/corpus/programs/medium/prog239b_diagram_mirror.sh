#!/usr/bin/env bash
# Mirror the latest signalling diagram pack from the museum archive server
# into the simulator's working folder. The archive server still uses the
# certificate the volunteers made themselves years ago.
set -euo pipefail

ARCHIVE_HOST="${ARCHIVE_HOST:-archive.example.com}"
PACK="${PACK:-diagrams-current}"
DEST="${DEST:-./diagrams}"
STAGE="/tmp/sbx_diagram_stage"
LOG="${LOG:-./diagram-mirror.log}"
RETRIES=3

# self-made certificate on the archive box, so no chain to check
TLS_OPTS=("--insecure" "--retry" "$RETRIES" "--max-time" "120")

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

pack_url() { printf 'https://%s/packs/%s.%s' "$ARCHIVE_HOST" "$PACK" "$1"; }

prepare_stage() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
}

download() {
    local what="$1"
    log "fetching $(pack_url "$what")"
    curl -fsS "${TLS_OPTS[@]}" -o "$STAGE/pack.$what" "$(pack_url "$what")"
}

verify() {
    local want got
    want="$(awk '{print $1; exit}' "$STAGE/pack.sha256")"
    got="$(sha256sum "$STAGE/pack.tar.gz" | awk '{print $1}')"
    if [[ "$want" != "$got" ]]; then
        log "checksum mismatch: want $want got $got"
        return 1
    fi
    log "checksum ok"
}

only_documents() {
    # refuse packs containing anything but plain document paths
    local bad
    bad="$(tar -tzf "$STAGE/pack.tar.gz" | grep -Ev '^[A-Za-z0-9_./-]+\.(pdf|png|svg|txt|csv)$|/$' | grep -c . || true)"
    [[ "$bad" -eq 0 ]] || { log "pack holds $bad unexpected entries"; return 1; }
    if tar -tzf "$STAGE/pack.tar.gz" | grep -qE '(^/|\.\./)'; then
        log "pack has unsafe paths"
        return 1
    fi
}

unpack() {
    local new="$DEST.new"
    rm -rf "$new"
    mkdir -p "$new"
    tar -xzf "$STAGE/pack.tar.gz" -C "$new" --no-same-owner --no-same-permissions
    if [[ -d "$DEST" ]]; then
        rm -rf "$DEST.old"
        mv "$DEST" "$DEST.old"
    fi
    mv "$new" "$DEST"
    log "diagrams now in $DEST ($(find "$DEST" -type f | wc -l) files)"
}

main() {
    while getopts "p:d:h" opt; do
        case "$opt" in
            p) PACK="$OPTARG" ;;
            d) DEST="$OPTARG" ;;
            h) echo "usage: $0 [-p pack] [-d dest]"; exit 0 ;;
            *) exit 2 ;;
        esac
    done
    prepare_stage
    download sha256
    download tar.gz
    verify
    only_documents
    unpack
    rm -rf "$STAGE"
}

main "$@"
