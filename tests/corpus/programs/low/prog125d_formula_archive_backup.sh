#!/usr/bin/env bash
# formula_archive_backup.sh - snapshot the recipe folder of the soap/candle
# workshop into a dated tarball with a checksum manifest.
#
# Formulas (lye calc exports, fragrance sheets, batch records) live in
# ./formulas by default.  Each run writes ./archive/formulas-YYYYmmdd-HHMM.tar.gz
# plus a .sha256 manifest and keeps only the newest KEEP archives.
#
# Usage: formula_archive_backup.sh [-s source_dir] [-d dest_dir] [-k keep] [-q]

set -Eeuo pipefail

SRC="./formulas"
DEST="./archive"
KEEP=14
QUIET=0
EXTENSIONS=(xlsx ods csv json sfc pdf docx txt)

log() { (( QUIET )) || printf '[%s] %s\n' "$(date '+%H:%M:%S')" "$*"; }
die() { printf 'formula-backup: %s\n' "$*" >&2; exit 1; }
trap 'die "failed at line $LINENO"' ERR

while getopts ":s:d:k:qh" o; do
    case $o in
        s) SRC=$OPTARG ;;
        d) DEST=$OPTARG ;;
        k) KEEP=$OPTARG ;;
        q) QUIET=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        :) die "-$OPTARG needs a value" ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

[[ -d "$SRC" ]] || die "source folder $SRC does not exist"
[[ "$KEEP" =~ ^[0-9]+$ ]] || die "keep must be a number"
mkdir -p "$DEST"

collect() {
    local name_expr=() ext
    for ext in "${EXTENSIONS[@]}"; do
        name_expr+=( -iname "*.${ext}" -o )
    done
    unset 'name_expr[${#name_expr[@]}-1]'
    find "$SRC" -type f \( "${name_expr[@]}" \) -not -path '*/.~lock*' -print0
}

make_manifest() {
    local list="$1" manifest="$2"
    : > "$manifest"
    while IFS= read -r -d '' f; do
        sha256sum "$f" >> "$manifest"
    done < "$list"
}

rotate() {
    local old
    mapfile -t old < <(ls -1t "$DEST"/formulas-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    for f in "${old[@]}"; do
        log "removing old archive $(basename "$f")"
        rm -f -- "$f" "${f%.tar.gz}.sha256"
    done
}

main() {
    local stamp list archive manifest count
    stamp=$(date +%Y%m%d-%H%M)
    archive="$DEST/formulas-$stamp.tar.gz"
    manifest="$DEST/formulas-$stamp.sha256"
    list="$DEST/.filelist-$stamp"

    collect > "$list"
    count=$(tr -cd '\0' < "$list" | wc -c)
    if (( count == 0 )); then
        log "nothing to back up in $SRC"
        rm -f "$list"
        exit 0
    fi

    log "archiving $count files from $SRC"
    make_manifest "$list" "$manifest"
    tar --null -czf "$archive" --files-from="$list"
    rm -f "$list"

    if ! tar -tzf "$archive" > /dev/null; then
        rm -f "$archive" "$manifest"
        die "archive failed verification"
    fi
    log "wrote $archive ($(du -h "$archive" | cut -f1))"
    rotate
}

main
