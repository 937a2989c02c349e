#!/usr/bin/env bash
# sd_card_import.sh - copy RAW files off mounted camera cards into a dated
# library tree (LIBRARY/YYYY/YYYY-MM-DD/), verify each copy, never overwrite.
#
# Config (optional): ~/.config/cardimport/cardimport.conf, KEY=value lines:
#   LIBRARY=/mnt/photo/Library
#   EXTS=cr3 nef arw raf dng
#   VERIFY=1
set -euo pipefail

CONF="${XDG_CONFIG_HOME:-$HOME/.config}/cardimport/cardimport.conf"
LIBRARY="$HOME/Pictures/Library"
CARD_ROOTS="/media/$USER /run/media/$USER"
EXTS="cr2 cr3 nef arw raf orf rw2 dng"
VERIFY=1
DRY_RUN=0
QUIET=0

read_conf() {
    [[ -f $CONF ]] || return 0
    local key val
    while IFS='=' read -r key val; do
        [[ -z $key || $key == \#* ]] && continue
        val="${val%\"}"; val="${val#\"}"
        case "$key" in
            LIBRARY) LIBRARY="${val/#\~/$HOME}" ;;
            EXTS)    EXTS="$val" ;;
            VERIFY)  VERIFY="$val" ;;
            CARD_ROOTS) CARD_ROOTS="$val" ;;
            *) printf 'ignoring unknown key %s in %s\n' "$key" "$CONF" >&2 ;;
        esac
    done < "$CONF"
}

log() {
    local msg; msg="$(date '+%F %T') $*"
    printf '%s\n' "$msg" >> "$LIBRARY/.import.log"
    (( QUIET )) || printf '%s\n' "$msg" >&2
}

usage() {
    cat <<EOF
usage: ${0##*/} [-l LIBRARY] [-n] [-q] [--no-verify]
  -l DIR       library root (default $LIBRARY)
  -n           dry run, show what would be copied
  -q           quiet, only write the log
  --no-verify  skip sha256 comparison after copy
EOF
}

find_cards() {
    local root d
    for root in $CARD_ROOTS; do
        for d in "$root"/*/DCIM; do
            [[ -d $d ]] && printf '%s\n' "$d"
        done
    done
}

shot_folder() {
    local f=$1 out
    if out=$(exiftool -s3 -d '%Y/%Y-%m-%d' -DateTimeOriginal "$f" 2>/dev/null) && [[ -n $out ]]; then
        printf '%s\n' "$out"
    else
        date -r "$f" '+%Y/%Y-%m-%d'
    fi
}

import_card() {
    local dcim=$1 copied=0 skipped=0 f ext dest target
    while IFS= read -r -d '' f; do
        ext=${f##*.}; ext=${ext,,}
        [[ " $EXTS " == *" $ext "* ]] || continue
        dest="$LIBRARY/$(shot_folder "$f")"
        target="$dest/${f##*/}"
        if [[ -e $target ]]; then
            if cmp -s "$f" "$target"; then
                skipped=$((skipped + 1)); continue
            fi
            target="${target%.*}_$(date +%s%N).${f##*.}"
        fi
        if (( DRY_RUN )); then
            log "would copy $f -> $target"; continue
        fi
        mkdir -p "$dest"
        cp -p "$f" "$target"
        if (( VERIFY )); then
            local a b
            a=$(sha256sum < "$f"); b=$(sha256sum < "$target")
            if [[ $a != "$b" ]]; then
                log "CHECKSUM MISMATCH $f"; rm -f "$target"; continue
            fi
        fi
        copied=$((copied + 1))
    done < <(find "$dcim" -type f -print0)
    log "card $dcim: copied $copied, already present $skipped"
}

main() {
    read_conf
    while (( $# )); do
        case "$1" in
            -l) LIBRARY=$2; shift ;;
            -n) DRY_RUN=1 ;;
            -q) QUIET=1 ;;
            --no-verify) VERIFY=0 ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
        shift
    done
    command -v exiftool >/dev/null || echo "exiftool not found, falling back to mtime" >&2
    mkdir -p "$LIBRARY"

    local cards; mapfile -t cards < <(find_cards)
    if (( ${#cards[@]} == 0 )); then
        log "no camera cards mounted"
        exit 0
    fi
    local c
    for c in "${cards[@]}"; do
        import_card "$c"
    done
}

main "$@"
