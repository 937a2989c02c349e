#!/usr/bin/env bash
# folder_firmware_update.sh - pull the current controller bundle for the
# buckle/knife folders on the finishing floor and apply it.
#
# Usage: folder_firmware_update.sh -m MODEL [-c channel] [-p port] [-n]
#
# Settings can live in ./folder_fw.conf (KEY=value lines):
#   FW_BASE, CHANNEL, PORT, KEEP_BUNDLES
set -euo pipefail

CONF="${FOLDER_FW_CONF:-./folder_fw.conf}"
FW_BASE="https://fw.foldline.example/bundles"
CHANNEL="stable"
PORT="/dev/ttyUSB0"
KEEP_BUNDLES=3
MODEL=""
DRY_RUN=0
STAGE="/tmp/folder_fw"
LOG_FILE="./logs/folder_fw.log"

log() {
    local ts
    ts="$(date '+%Y-%m-%d %H:%M:%S')"
    printf '%s %s\n' "$ts" "$*" | tee -a "$LOG_FILE" >&2
}

die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

read_conf() {
    [[ -f "$CONF" ]] || return 0
    while IFS='=' read -r key val; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        case "$key" in
            FW_BASE|CHANNEL|PORT|KEEP_BUNDLES) printf -v "$key" '%s' "$val" ;;
            *) log "ignoring unknown setting $key" ;;
        esac
    done < "$CONF"
}

fetch_bundle() {
    local url="$FW_BASE/$MODEL/$CHANNEL/latest.tgz"
    log "fetching $url"
    mkdir -p "$STAGE"
    curl -ksSfL --retry 3 --retry-delay 5 -o "$STAGE/bundle.tgz" "$url" \
        || die "download failed"
    curl -ksSfL -o "$STAGE/bundle.tgz.sha256" "$url.sha256" \
        || die "checksum download failed"
}

verify_bundle() {
    local want got
    want="$(awk '{print $1}' "$STAGE/bundle.tgz.sha256")"
    got="$(sha256sum "$STAGE/bundle.tgz" | awk '{print $1}')"
    [[ "$want" == "$got" ]] || die "checksum mismatch ($got != $want)"
    log "checksum ok ($got)"
}

unpack_bundle() {
    rm -rf "$STAGE/x"
    mkdir -p "$STAGE/x"
    tar -xzf "$STAGE/bundle.tgz" -C "$STAGE/x"
    [[ -f "$STAGE/x/VERSION" ]] && log "bundle version $(cat "$STAGE/x/VERSION")"
}

archive_bundle() {
    local dest="./firmware/$MODEL"
    mkdir -p "$dest"
    cp "$STAGE/bundle.tgz" "$dest/$(date +%Y%m%d%H%M)-$CHANNEL.tgz"
    # keep the last few bundles for rollback
    ls -1t "$dest"/*.tgz 2>/dev/null | tail -n +"$((KEEP_BUNDLES + 1))" | xargs -r rm -f
}

apply_bundle() {
    local installer="$STAGE/x/install.sh"
    [[ -f "$installer" ]] || die "bundle has no install.sh"
    chmod +x "$installer"
    if (( DRY_RUN )); then
        log "[dry-run] would run $installer --model $MODEL --port $PORT"
        return 0
    fi
    log "applying bundle to $MODEL on $PORT"
    ( cd "$STAGE/x" && ./install.sh --model "$MODEL" --port "$PORT" ) \
        || die "installer reported failure"
}

main() {
    while getopts ":m:c:p:nh" opt; do
        case "$opt" in
            m) MODEL="$OPTARG" ;;
            c) CHANNEL="$OPTARG" ;;
            p) PORT="$OPTARG" ;;
            n) DRY_RUN=1 ;;
            h) usage 0 ;;
            *) usage 1 ;;
        esac
    done
    mkdir -p "$(dirname "$LOG_FILE")"
    read_conf
    [[ -n "$MODEL" ]] || usage 1

    fetch_bundle
    verify_bundle
    unpack_bundle
    archive_bundle
    apply_bundle
    log "done"
}

main "$@"
