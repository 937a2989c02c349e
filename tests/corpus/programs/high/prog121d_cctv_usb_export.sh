#!/usr/bin/env bash
# cctv_usb_export.sh - copy CCTV footage for an incident onto a police USB stick
#
# Staff plug in the stick labelled CCTVEXPORT, run this with the camera and
# time window from the incident book, and hand the stick over. Clips are
# copied with a SHA-256 list and a short README the officer signs.
#
#   cctv_usb_export.sh -c cam02 -f "2024-02-11 21:30" -t "2024-02-11 22:15" -r INC-0412

set -o errexit -o nounset -o pipefail

CLIP_ROOT="${CLIP_ROOT:-$HOME/nvr/clips}"
LABEL="${EXPORT_LABEL:-CCTVEXPORT}"
MNT="/media/cctv-export"
CAM="" FROM="" TO="" REF=""
KEEP_MOUNTED=false

log() { logger -t cctv-export -- "$*" 2>/dev/null || true; echo "cctv-export: $*"; }
fail() { log "error: $*"; exit 1; }

while (( $# )); do
    case "$1" in
        -c) CAM=$2; shift 2 ;;
        -f) FROM=$2; shift 2 ;;
        -t) TO=$2; shift 2 ;;
        -r) REF=$2; shift 2 ;;
        -k) KEEP_MOUNTED=true; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done
[[ -n $CAM && -n $FROM && -n $TO && -n $REF ]] || fail "need -c -f -t -r"

find_stick() {
    local dev
    dev=$(blkid -L "$LABEL" 2>/dev/null) || dev="/dev/disk/by-label/$LABEL"
    [[ -b $dev ]] || return 1
    readlink -f "$dev"
}

attach_stick() {
    local dev=$1
    if findmnt -rno TARGET "$dev" >/dev/null 2>&1; then
        MNT=$(findmnt -rno TARGET "$dev" | head -n1)
        log "stick already mounted at $MNT"
        return
    fi
    local opts="rw,noexec,nosuid,uid=$(id -u),gid=$(id -g),umask=022"
    sudo mkdir -p "$MNT"
    sudo mount -t vfat -o "$opts" "$dev" "$MNT" || fail "mount of $dev failed"
    log "mounted $dev at $MNT"
}

detach_stick() {
    $KEEP_MOUNTED && return
    sync
    sudo umount "$MNT" && log "stick unmounted, ready to hand over" || log "umount failed, use the desktop eject"
}

copy_clips() {
    local dest=$1 n=0
    mkdir -p "$dest"
    while IFS= read -r -d '' clip; do
        cp --preserve=timestamps "$clip" "$dest/"
        n=$((n + 1))
    done < <(find "$CLIP_ROOT" -maxdepth 2 -type f -name "${CAM}_*" \
                  -newermt "$FROM" ! -newermt "$TO" -print0 | sort -z)
    echo "$n"
}

write_readme() {
    local dest=$1 count=$2
    cat > "$dest/README.txt" <<EOF
Incident reference : $REF
Camera             : $CAM
Window             : $FROM  ->  $TO
Clips              : $count
Exported by        : $(id -un) on $(hostname) at $(date '+%F %T')
Checksums          : SHA256SUMS (sha256sum -c SHA256SUMS)

Received by (name / collar no.): ______________________  Signed: __________
EOF
}

dev=$(find_stick) || fail "no USB stick labelled $LABEL found"
attach_stick "$dev"
trap detach_stick EXIT

dest="$MNT/$REF"
count=$(copy_clips "$dest")
(( count > 0 )) || fail "no clips for $CAM between $FROM and $TO"
( cd "$dest" && sha256sum -- *_* > SHA256SUMS )
write_readme "$dest" "$count"
log "$count clips for $REF written to stick ($(du -sh "$dest" | cut -f1))"
