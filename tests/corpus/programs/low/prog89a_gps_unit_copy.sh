#!/usr/bin/env bash
# gps_unit_copy.sh - pull tracks off a team handheld after a search task.
#
# Plug the Garmin/Etrex in (mass-storage mode), let the desktop mount it,
# then run:   ./gps_unit_copy.sh <team> <task>
# Tracks are copied to ./tracks/<date>/<team>_<task>_<time>.gpx, ready for
# the GPX importer, and a checksum list is kept for the incident record.

set -euo pipefail

LABEL="${GPS_LABEL:-GARMIN}"
DEST_ROOT="${GPS_DEST:-./tracks}"
TEAM="${1:-}"
TASK="${2:-}"

die() { echo "gps_unit_copy: $*" >&2; exit 1; }
note() { echo "gps_unit_copy: $*"; }

[[ -n "$TEAM" && -n "$TASK" ]] || die "usage: $0 <team> <task>"
[[ "$TEAM$TASK" =~ ^[A-Za-z0-9-]+$ ]] || die "team/task may only contain letters, digits and '-'"

find_unit() {
    local mp
    # desktop automounter puts it under /media/$USER or /run/media/$USER
    mp="$(findmnt -rn -S "LABEL=$LABEL" -o TARGET 2>/dev/null | head -n1 || true)"
    if [[ -z "$mp" ]]; then
        for cand in "/media/$USER/$LABEL" "/run/media/$USER/$LABEL"; do
            [[ -d "$cand" ]] && { mp="$cand"; break; }
        done
    fi
    [[ -n "$mp" ]] || return 1
    printf '%s\n' "$mp"
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
    mp="$(find_unit)" || die "no unit labelled $LABEL is mounted - is it in mass-storage mode?"
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
