#!/usr/bin/env bash
# Import exported CR plate images from the reader's USB export stick into the
# teaching archive's incoming folder (under the current directory).
# The export stick is labelled CRXPORT by the reader's service menu.
set -euo pipefail

LABEL="${LABEL:-CRXPORT}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/cr-export}"
INCOMING="${INCOMING:-./archive/incoming}"
LOG="./cr-import.log"
KEEP_MOUNTED="${KEEP_MOUNTED:-0}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

priv() {
    local elev="su""do"
    if [[ $EUID -eq 0 ]]; then "$@"; else "$elev" "$@"; fi
}

find_device() {
    local dev
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    if [[ -z "$dev" ]]; then
        dev="$(lsblk -rno PATH,LABEL | awk -v l="$LABEL" '$2==l{print $1; exit}')"
    fi
    [[ -n "$dev" ]] && echo "$dev"
}

attach() {
    local dev="$1" verb
    verb="mo""unt"
    priv mkdir -p "$MOUNT_POINT"
    if findmnt -rn "$MOUNT_POINT" >/dev/null; then
        log "$MOUNT_POINT already in use"
        return 0
    fi
    priv "$verb" -o ro,nosuid,nodev,noexec,uid="$(id -u)" "$dev" "$MOUNT_POINT"
    log "attached $dev at $MOUNT_POINT (read-only)"
}

detach() {
    local verb="u""mo""unt"
    [[ "$KEEP_MOUNTED" == 1 ]] && return 0
    if findmnt -rn "$MOUNT_POINT" >/dev/null; then
        priv "$verb" "$MOUNT_POINT" && log "detached $MOUNT_POINT"
    fi
}

copy_studies() {
    local src f rel n=0 skip=0
    src="$MOUNT_POINT/EXPORT"
    [[ -d "$src" ]] || src="$MOUNT_POINT"
    mkdir -p "$INCOMING"
    while IFS= read -r -d '' f; do
        rel="${f#"$src"/}"
        if [[ -e "$INCOMING/$rel" ]] && cmp -s "$f" "$INCOMING/$rel"; then
            skip=$((skip + 1))
            continue
        fi
        mkdir -p "$INCOMING/$(dirname "$rel")"
        cp -- "$f" "$INCOMING/$rel"
        n=$((n + 1))
    done < <(find "$src" -type f \( -iname '*.dcm' -o -iname 'DICOMDIR' \) -print0)
    log "copied $n file(s), $skip already present"
}

main() {
    local dev
    dev="$(find_device)" || { log "no device labelled $LABEL found"; exit 1; }
    trap detach EXIT
    attach "$dev"
    copy_studies
    log "import finished"
}

main "$@"
