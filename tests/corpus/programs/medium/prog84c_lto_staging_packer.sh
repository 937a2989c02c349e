#!/usr/bin/env bash
# lto_staging_packer.sh - pack a finished show folder into tape-sized tar
# segments on the archive staging volume, ready for the vault to write.
#
# Usage: lto_staging_packer.sh -t BARCODE [-s SEGMENT_GB] [-o OUTDIR] SOURCE_DIR
#
# Produces OUTDIR/<BARCODE>_NNN.tar plus <BARCODE>_manifest.md5 and
# <BARCODE>_catalog.txt for the vault database.
set -euo pipefail

BARCODE=""
SEGMENT_GB=${SEGMENT_GB:-500}
OUTDIR=./staging
WORK=/tmp/lto_pack
LIST=$WORK/filelist.txt

log() { echo "$(date '+%F %T') lto-pack: $*" >&2; }
fail() { log "ERROR: $*"; exit 1; }

while getopts "t:s:o:h" opt; do
    case $opt in
        t) BARCODE=$OPTARG ;;
        s) SEGMENT_GB=$OPTARG ;;
        o) OUTDIR=$OPTARG ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
SOURCE=${1:-}

[[ -n $BARCODE ]] || fail "barcode (-t) is required"
[[ -d $SOURCE ]] || fail "source directory missing: $SOURCE"
mkdir -p "$OUTDIR" "$WORK"
rm -f "$WORK"/seg_* "$LIST"

build_manifest() {
    log "hashing source files"
    ( cd "$SOURCE" && find . -type f -print0 | sort -z | xargs -0 md5sum ) > "$OUTDIR/${BARCODE}_manifest.md5"
    log "$(wc -l < "$OUTDIR/${BARCODE}_manifest.md5") files in manifest"
}

split_segments() {
    local limit=$((SEGMENT_GB * 1024 * 1024 * 1024)) total=0 seg=1 size path
    ( cd "$SOURCE" && find . -type f -printf '%s\t%p\n' | sort -k2 ) > "$LIST"
    while IFS=$'\t' read -r size path; do
        if (( total + size > limit && total > 0 )); then
            seg=$((seg + 1)); total=0
        fi
        printf '%s\n' "$path" >> "$WORK/seg_$(printf %03d "$seg")"
        total=$((total + size))
    done < "$LIST"
    log "$seg segment(s) of up to ${SEGMENT_GB}GB"
}

pack_segments() {
    local seglist name
    for seglist in "$WORK"/seg_*; do
        name="${BARCODE}_${seglist##*_}.tar"
        log "packing $name"
        tar -C "$SOURCE" -cf "$OUTDIR/$name" -T "$seglist"
    done
}

verify_segments() {
    local t bad=0
    for t in "$OUTDIR/${BARCODE}"_*.tar; do
        if ! tar -tf "$t" > /dev/null; then
            log "unreadable segment $t"
            bad=1
        fi
    done
    (( bad == 0 )) || fail "segment verification failed"
    ( cd "$SOURCE" && find . -type f -printf '%s\t%TY-%Tm-%Td\t%p\n' ) > "$OUTDIR/${BARCODE}_catalog.txt"
    log "verify OK"
}

build_manifest
split_segments
pack_segments
verify_segments
log "staging for $BARCODE complete in $OUTDIR"
