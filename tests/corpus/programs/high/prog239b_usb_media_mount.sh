#!/usr/bin/env bash
# Import scanned signalling diagrams and timetable packs from the archive
# office's USB stick into the simulator's working folder.
# Run on the simulator PC as the box administrator.
set -euo pipefail

DEST="${DEST:-./imported}"
MOUNT_BASE="${MOUNT_BASE:-/mnt}"
LABEL="${LABEL:-SBXARCHIVE}"
LOG="${LOG:-./usb-import.log}"
PATTERNS=("*.pdf" "*.png" "*.csv" "*.json")

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOG" >&2; }

require_root() {
    if [[ $EUID -ne 0 ]]; then
        log "this needs the box administrator account"
        exit 1
    fi
}

load_drivers() {
    local mod
    # storage driver plus the vfat codepage the archive office's sticks use
    for mod in usb_storage vfat "nls_$(printf 'cp%s' 437)"; do
        if ! grep -q "^${mod} " /proc/modules; then
            modprobe "$mod" && log "loaded $mod"
        fi
    done
}

find_stick() {
    local dev
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    if [[ -z "$dev" ]]; then
        for dev in /dev/sd[b-z]1; do
            [[ -b "$dev" ]] && { printf '%s' "$dev"; return 0; }
        done
        return 1
    fi
    printf '%s' "$dev"
}

attach() {
    local dev="$1" mp="$2"
    mkdir -p "$mp"
    if mountpoint -q "$mp"; then
        log "$mp already mounted"
        return 0
    fi
    mount -o ro,nosuid,nodev,noexec "$dev" "$mp"
    log "mounted $dev on $mp (read-only)"
}

detach() {
    local mp="$1"
    if mountpoint -q "$mp"; then
        sync
        umount "$mp" && log "unmounted $mp"
    fi
}

copy_packs() {
    local mp="$1" pat n=0 f
    mkdir -p "$DEST"
    for pat in "${PATTERNS[@]}"; do
        while IFS= read -r -d '' f; do
            cp --no-preserve=mode,ownership "$f" "$DEST/"
            n=$((n + 1))
        done < <(find "$mp" -maxdepth 3 -type f -iname "$pat" -print0)
    done
    chown -R "${SUDO_UID:-0}:${SUDO_GID:-0}" "$DEST"
    log "copied $n file(s) into $DEST"
}

main() {
    case "${1:-}" in
        -h|--help) echo "usage: $0   (env: DEST, LABEL)"; exit 0 ;;
    esac
    require_root
    load_drivers
    local dev mp
    dev="$(find_stick)" || { log "no archive stick found"; exit 1; }
    mp="$MOUNT_BASE/sbx-$(basename "$dev")"
    trap 'detach "$mp"' EXIT
    attach "$dev" "$mp"
    copy_packs "$mp"
}

main "$@"
