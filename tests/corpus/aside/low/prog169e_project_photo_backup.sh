#!/usr/bin/env bash
# project_photo_backup.sh - copies the build-progress photos for each hull
# into a dated backup folder with a checksum manifest. Originals stay where
# they are; only old backup folders made by this script are pruned.
#
# usage: project_photo_backup.sh [photos_dir] [backup_root]

set -eu

SRC=${1:-./photos}
DEST_ROOT=${2:-./backups}
KEEP=${KEEP_BACKUPS:-8}
STAMP=$(date +%Y-%m-%d_%H%M)
DEST="$DEST_ROOT/photos_$STAMP"
EXTS=(jpg jpeg png heic)

info() { printf '[backup] %s\n' "$*"; }

find_expr() {
    local first=1 e
    for e in "${EXTS[@]}"; do
        [ $first -eq 1 ] || printf '%s\n' "-o"
        printf '%s\n' "-iname" "*.$e"
        first=0
    done
}

list_photos() {
    local expr=()
    while IFS= read -r x; do expr+=("$x"); done <<EOF
$(find_expr)
EOF
    (cd "$SRC" && find . -type f \( "${expr[@]}" \) -print)
}

copy_photos() {
    local n=0 rel
    mkdir -p "$DEST"
    while IFS= read -r rel; do
        mkdir -p "$DEST/$(dirname "$rel")"
        cp -p "$SRC/$rel" "$DEST/$rel"
        n=$((n + 1))
    done <<EOF
$(list_photos)
EOF
    info "copied $n photo(s) to $DEST"
}

write_manifest() {
    (cd "$DEST" && find . -type f ! -name MANIFEST.sha256 -print0 |
        sort -z | xargs -0 -r sha256sum >MANIFEST.sha256)
    info "manifest: $(wc -l <"$DEST/MANIFEST.sha256") entries"
}

verify() {
    if (cd "$DEST" && sha256sum --quiet -c MANIFEST.sha256); then
        info "verified"
    else
        info "verification FAILED for $DEST" >&2
        return 1
    fi
}

prune_old() {
    local old
    old=$(find "$DEST_ROOT" -mindepth 1 -maxdepth 1 -type d -name 'photos_*' | sort | head -n -"$KEEP")
    [ -z "$old" ] && return 0
    printf '%s\n' "$old" | while IFS= read -r d; do
        case $d in
            "$DEST_ROOT"/photos_*) rm -rf -- "$d"; info "pruned $d" ;;
        esac
    done
}

[ -d "$SRC" ] || { info "no photo folder at $SRC"; exit 1; }
mkdir -p "$DEST_ROOT"

STEPS=(copy_photos write_manifest verify prune_old)
for s in "${STEPS[@]}"; do
    "$s"
done
info "done; originals left in $SRC"
