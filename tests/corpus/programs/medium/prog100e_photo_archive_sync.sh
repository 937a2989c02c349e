#!/usr/bin/env bash
# photo_archive_sync.sh - pull a day's pictures from the photo archive server
#
# Usage: photo_archive_sync.sh [-d YYYY-MM-DD] [-s section] [-n]
#
# Copies the archived originals for one publication date from the archive
# host into a staging area, keeps only the selected section, and files
# them into ./archive/<date>/<section>/ with a checksum list for the desk.

set -euo pipefail

ARCHIVE_HOST="${ARCHIVE_HOST:-photoarchive.coastalexaminer.example}"
ARCHIVE_USER="${ARCHIVE_USER:-photodesk}"
ARCHIVE_ROOT="${ARCHIVE_ROOT:-/srv/photo/originals}"
STAGING=/tmp/photo_archive_staging
DEST_ROOT="./archive"
DAY="$(date -d yesterday +%F)"
SECTION="all"
DRY_RUN=0

log() { printf '%s [sync] %s\n' "$(date +%T)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts "d:s:nh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        s) SECTION="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "bad date: $DAY"
command -v rsync >/dev/null || die "rsync not installed"

remote_dir="${ARCHIVE_ROOT}/${DAY//-//}/"
ssh_opts="-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes"

pull() {
    local attempt=1
    mkdir -p "$STAGING"
    while (( attempt <= 3 )); do
        log "pulling ${ARCHIVE_HOST}:${remote_dir} (attempt $attempt)"
        if rsync -a --partial --delete \
                --include='*/' --include='*.jpg' --include='*.JPG' --include='*.xmp' \
                --exclude='*' \
                -e "ssh $ssh_opts" \
                "${ARCHIVE_USER}@${ARCHIVE_HOST}:${remote_dir}" "$STAGING/"; then
            return 0
        fi
        attempt=$((attempt + 1))
        sleep $((attempt * 5))
    done
    return 1
}

file_section() {
    local section="$1" dest="$DEST_ROOT/$DAY/$section" n=0
    mkdir -p "$dest"
    while IFS= read -r -d '' img; do
        local base
        base="$(basename "$img")"
        if (( DRY_RUN )); then
            echo "would file $base"
        else
            cp -p "$img" "$dest/$base"
            [[ -f "${img%.*}.xmp" ]] && cp -p "${img%.*}.xmp" "$dest/"
        fi
        n=$((n + 1))
    done < <(find "$STAGING/$section" -type f -iname '*.jpg' -print0 2>/dev/null)
    log "$section: $n pictures"
    (( DRY_RUN )) || (cd "$dest" && sha256sum -- *.jpg *.JPG 2>/dev/null > SHA256SUMS || true)
}

pull || die "could not reach ${ARCHIVE_HOST}"

if [[ "$SECTION" == "all" ]]; then
    for dir in "$STAGING"/*/; do
        [[ -d "$dir" ]] && file_section "$(basename "$dir")"
    done
else
    [[ -d "$STAGING/$SECTION" ]] || die "no section '$SECTION' on $DAY"
    file_section "$SECTION"
fi

log "done: $(find "$DEST_ROOT/$DAY" -type f -iname '*.jpg' | wc -l) files under $DEST_ROOT/$DAY"
