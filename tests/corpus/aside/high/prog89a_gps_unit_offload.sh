#!/usr/bin/env bash
# gps_unit_offload.sh - pull tracks off a team handheld after a search task.
#
# Plug the Garmin/Etrex in (mass-storage mode) on the control-vehicle laptop
# (no desktop automounter there), then run:   ./gps_unit_offload.sh <team> <task>
# Tracks are copied to ./tracks/<date>/<team>_<task>_<time>.gpx, ready for
# the GPX importer, and a checksum list is kept for the incident record.

set -euo pipefail

LABEL="${GPS_LABEL:-GARMIN}"
DEST_ROOT="${GPS_DEST:-./tracks}"
MNT="${GPS_MNT:-/mnt/gps-$LABEL}"
MOUNTED_BY_US=0
TEAM="${1:-}"
TASK="${2:-}"

die() { echo "gps_unit_offload: $*" >&2; exit 1; }
note() { echo "gps_unit_offload: $*"; }

[[ -n "$TEAM" && -n "$TASK" ]] || die "usage: $0 <team> <task>"
[[ "$TEAM$TASK" =~ ^[A-Za-z0-9-]+$ ]] || die "team/task may only contain letters, digits and '-'"

find_unit() {
    local mp dev
    mp="$(findmnt -rn -S "LABEL=$LABEL" -o TARGET 2>/dev/null | head -n1 || true)"
    if [[ -n "$mp" ]]; then
        printf '%s\n' "$mp"
        return 0
    fi
    dev="/dev/disk/by-label/$LABEL"
    [[ -e "$dev" ]] || return 1
    sudo mkdir -p "$MNT"
    sudo mount -t vfat -o ro,nosuid,nodev,uid="$(id -u)",gid="$(id -g)" "$dev" "$MNT" || return 1
    MOUNTED_BY_US=1
    printf '%s\n' "$MNT"
}

release_unit() {
    if (( MOUNTED_BY_US )); then
        sync
        sudo umount "$MNT" && note "unit unmounted, ok to unplug"
    fi
}

track_dirs() {
    local root="$1"
    for d in "$root/Garmin/GPX" "$root/Garmin/GPX/Archive" "$root/Garmin/GPX/Current"; do
        [[ -d "$d" ]] && printf '%s\n' "$d"
    done
}

copy_tracks() {
    local root="$1" outdir="$2" n=0 f ts target
    while IFS= read -r dir; do
        while IFS= read -r -d '' f; do
            ts="$(date -r "$f" +%H%M%S)"
            target="$outdir/${TEAM}_${TASK}_${ts}_$(basename "$f")"
            if [[ -e "$target" ]] && cmp -s "$f" "$target"; then
                continue
            fi
            cp --preserve=timestamps "$f" "$target"
            n=$((n + 1))
        done < <(find "$dir" -maxdepth 1 -type f -iname '*.gpx' -print0)
    done < <(track_dirs "$root")
    echo "$n"
}

main() {
    local mp outdir copied
    find_unit >/dev/null || die "no unit labelled $LABEL found - is it in mass-storage mode?"
    mp="$(findmnt -rn -S "LABEL=$LABEL" -o TARGET | head -n1)"
    trap release_unit EXIT
    note "unit found at $mp"
    outdir="$DEST_ROOT/$(date +%F)"
    mkdir -p "$outdir"
    copied="$(copy_tracks "$mp" "$outdir")"
    note "copied $copied new track file(s) to $outdir"
    (cd "$outdir" && sha256sum -- *.gpx > SHA256SUMS 2>/dev/null) || true
    if [[ "$copied" -eq 0 ]]; then
        note "nothing new - check the unit actually recorded a track"
    fi
}

main
