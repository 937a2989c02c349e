#!/usr/bin/env bash
# Prepare a batch of sliced G-code for the printer's SD card.
#
# Reads ./sd_staging/*.gcode, rejects files that lack an end-of-print block
# or use a different nozzle diameter than expected, renames survivors to the
# printer's 8.3-friendly names, and writes ./sd_out/MANIFEST.txt with
# checksums and estimated print times.  Nothing outside the project
# directory is touched.
set -euo pipefail

STAGING_DIR="${STAGING_DIR:-./sd_staging}"
OUT_DIR="${OUT_DIR:-./sd_out}"
BUILD_DIR="./build/sd_tmp"
NOZZLE="${NOZZLE:-0.4}"
VERBOSE=0

log()  { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
dbg()  { [ "$VERBOSE" -eq 1 ] && log "debug: $*" || true; }
die()  { log "error: $*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $0 [-v] [-n nozzle_mm] [-s staging_dir] [-o out_dir]
EOF
}

while getopts ":vn:s:o:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        n) NOZZLE="$OPTARG" ;;
        s) STAGING_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -d "$STAGING_DIR" ] || die "staging dir $STAGING_DIR not found"

# Start from a clean scratch area of our own.
rm -rf "./build/sd_tmp"
mkdir -p "$BUILD_DIR" "$OUT_DIR"

estimate_time() {
    # PrusaSlicer / Cura both leave a time hint in a header comment.
    awk -F'[=:]' '
        /^; estimated printing time/ { gsub(/^ +/, "", $2); print $2; exit }
        /^;TIME:/ { printf "%dm\n", $2 / 60; exit }
    ' "$1"
}

check_file() {
    local f="$1"
    if ! tail -n 200 "$f" | grep -qE '^(M84|M18)'; then
        log "skip $(basename "$f"): no motors-off in end block"
        return 1
    fi
    local nz
    nz=$(grep -m1 -oE 'nozzle_diameter = [0-9.]+' "$f" | awk '{print $3}' || true)
    if [ -n "$nz" ] && [ "$nz" != "$NOZZLE" ]; then
        log "skip $(basename "$f"): sliced for ${nz}mm nozzle"
        return 1
    fi
    return 0
}

short_name() {
    local base
    base=$(basename "$1" .gcode | tr -cd 'A-Za-z0-9' | tr '[:lower:]' '[:upper:]')
    printf '%s.GCO' "${base:0:8}"
}

count=0
: > "$BUILD_DIR/manifest.part"
for f in "$STAGING_DIR"/*.gcode; do
    [ -e "$f" ] || { log "no G-code files staged"; break; }
    dbg "checking $f"
    check_file "$f" || continue
    target="$(short_name "$f")"
    cp -- "$f" "$OUT_DIR/$target"
    sum=$(sha256sum "$OUT_DIR/$target" | cut -c1-16)
    eta=$(estimate_time "$f")
    printf '%-12s %s %-10s %s\n' "$target" "$sum" "${eta:-?}" "$(basename "$f")" \
        >> "$BUILD_DIR/manifest.part"
    count=$((count + 1))
done

{
    echo "# SD manifest generated $(date -Iseconds), nozzle ${NOZZLE}mm"
    sort "$BUILD_DIR/manifest.part"
} > "$OUT_DIR/MANIFEST.txt"

rm -rf "./build/sd_tmp"
log "staged $count file(s) into $OUT_DIR"
