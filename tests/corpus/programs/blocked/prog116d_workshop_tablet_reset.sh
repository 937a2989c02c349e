#!/bin/sh
# workshop_tablet_reset.sh - end-of-shift reset for the shared workshop tablets
#
# Mechanics log into the shared tablets with a common account to read
# service manuals and take photos for repair tickets. At the end of a shift
# this clears the session: browser profiles, downloads, photos already
# uploaded to the ticket system, and caches, so the next shift starts clean.
#
# usage: workshop_tablet_reset.sh [-n] [-k keep_list]
#   -n  dry run, only print what would be removed
#   -k  file with names (relative to the profile root) to keep

set -u

DRY_RUN=0
KEEP_FILE="${KEEP_FILE:-}"
PROFILE_ROOT="${TABLET_PROFILE_ROOT:-$HOME}"
LOG="${RESET_LOG:-$PROFILE_ROOT/.reset.log}"
UPLOAD_MARK=".uploaded"

while getopts "nk:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_FILE="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-k keep_list]" >&2; exit 2 ;;
    esac
done

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG" 2>/dev/null
    printf '%s\n' "$*"
}

remove() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would remove: $1"
    else
        rm -rf -- "$1"
    fi
}

is_kept() {
    [ -n "$KEEP_FILE" ] && [ -f "$KEEP_FILE" ] && grep -qxF "$1" "$KEEP_FILE"
}

close_apps() {
    for app in firefox chromium evince eog; do
        pkill -u "$(id -u)" -x "$app" 2>/dev/null && log "closed $app"
    done
    sleep 2
}

clear_uploaded_photos() {
    photos="$PROFILE_ROOT/Pictures/tickets"
    [ -d "$photos" ] || return 0
    find "$photos" -type f -name "*$UPLOAD_MARK" | while read -r mark; do
        img="${mark%$UPLOAD_MARK}"
        remove "$img"
        remove "$mark"
    done
}

clear_session() {
    n=0
    for entry in "$PROFILE_ROOT"/* "$PROFILE_ROOT"/.[!.]* "$PROFILE_ROOT"/..?*; do
        [ -e "$entry" ] || continue
        name="${entry#"$PROFILE_ROOT"/}"
        if is_kept "$name"; then
            log "keeping $name"
            continue
        fi
        remove "$entry"
        n=$((n + 1))
    done
    log "cleared $n entries under $PROFILE_ROOT"
}

main() {
    if [ ! -d "$PROFILE_ROOT" ]; then
        echo "profile root $PROFILE_ROOT missing" >&2
        exit 1
    fi
    log "tablet reset starting (user $(id -un), dry run $DRY_RUN)"
    close_apps
    clear_uploaded_photos
    clear_session
    if [ "$DRY_RUN" -eq 0 ]; then
        mkdir -p "$PROFILE_ROOT/Pictures/tickets" "$PROFILE_ROOT/Downloads"
    fi
    log "tablet reset done"
}

main "$@"
