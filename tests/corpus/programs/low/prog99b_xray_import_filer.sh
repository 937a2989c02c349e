#!/usr/bin/env bash
# xray_import_filer.sh - file intraoral / OPG exports from the sensor software's
# export folder into the practice imaging archive, one folder per day.
#
# Usage: xray_import_filer.sh [-c config] [-n] [-v]
#   -c FILE   config file (default ./xray_sync.conf)
#   -n        dry run, report what would be moved
#   -v        verbose
set -euo pipefail

SCRIPT_PATH="$(readlink -f "$0")"
CONFIG="${XRAY_SYNC_CONFIG:-./xray_sync.conf}"
DRY_RUN=0
VERBOSE=0

# Overridable from the config file
SOURCE_DIR="./incoming"
ARCHIVE_DIR="./archive"
LOG_FILE="./xray_sync.log"
MANIFEST="./archive/manifest.sha256"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" >> "$LOG_FILE"
    if [[ "$VERBOSE" == 1 || "$level" != DEBUG ]]; then
        printf '[%s] %s\n' "$level" "$*" >&2
    fi
}

usage() { sed -n '2,8p' "$SCRIPT_PATH" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while getopts "c:nvh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

read_config() {
    # KEY=value lines; only the settings below are honoured
    local key value
    [[ -f "$1" ]] || return 0
    while IFS='=' read -r key value; do
        key="${key//[[:space:]]/}"
        value="${value%\"}"; value="${value#\"}"
        case "$key" in
            SOURCE_DIR)  SOURCE_DIR="$value" ;;
            ARCHIVE_DIR) ARCHIVE_DIR="$value"; MANIFEST="$value/manifest.sha256" ;;
            LOG_FILE)    LOG_FILE="$value" ;;
            ''|\#*)     ;;
            *)           printf 'ignoring unknown setting %s\n' "$key" >&2 ;;
        esac
    done < "$1"
}
read_config "$CONFIG"

ensure_dirs() {
    mkdir -p "$ARCHIVE_DIR" "$ARCHIVE_DIR/.quarantine"
    touch "$MANIFEST"
}

file_day() {
    # yyyy/mm/dd from the modification time the sensor software stamped
    date -d "@$(stat -c %Y "$1")" '+%Y/%m/%d'
}

import_one() {
    local src="$1" name dest sum_src sum_dst
    name="$(basename "$src")"
    dest="$ARCHIVE_DIR/$(file_day "$src")"

    if [[ "$DRY_RUN" == 1 ]]; then
        log INFO "would file $name -> $dest"
        return 0
    fi
    mkdir -p "$dest"

    if [[ -e "$dest/$name" ]]; then
        if cmp -s "$src" "$dest/$name"; then
            log DEBUG "already archived: $name"
            rm -f -- "$src"
            return 0
        fi
        mv -- "$src" "$ARCHIVE_DIR/.quarantine/${name%.*}.$(date +%s).${name##*.}"
        log WARN "name clash with different content, quarantined $name"
        return 1
    fi

    cp -p -- "$src" "$dest/$name"
    sum_src="$(sha256sum "$src" | cut -d' ' -f1)"
    sum_dst="$(sha256sum "$dest/$name" | cut -d' ' -f1)"
    if [[ "$sum_src" != "$sum_dst" ]]; then
        rm -f -- "$dest/$name"
        log ERROR "checksum mismatch copying $name, left in place"
        return 1
    fi
    printf '%s  %s\n' "$sum_dst" "${dest#"$ARCHIVE_DIR"/}/$name" >> "$MANIFEST"
    rm -f -- "$src"
    log DEBUG "filed $name"
}

main() {
    if [[ ! -d "$SOURCE_DIR" ]]; then
        log ERROR "source folder $SOURCE_DIR not found"
        exit 2
    fi
    ensure_dirs

    local ok=0 bad=0 f
    while IFS= read -r -d '' f; do
        if import_one "$f"; then ok=$((ok + 1)); else bad=$((bad + 1)); fi
    done < <(find "$SOURCE_DIR" -maxdepth 2 -type f \
                \( -iname '*.dcm' -o -iname '*.jpg' -o -iname '*.png' -o -iname '*.tif' \) \
                -mmin +1 -print0)

    log INFO "run complete: $ok filed, $bad problems"
    [[ "$bad" -eq 0 ]]
}

main "$@"
