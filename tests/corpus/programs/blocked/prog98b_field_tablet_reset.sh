#!/bin/sh
# Prepare an engineer's field tablet for reassignment.
#
# Signs the current engineer out of the FieldPro app, clears its offline job
# cache and photo queue, then clears the local profile so the next engineer
# starts with a clean device.  The device id file is preserved so the tablet
# keeps its registration with the dispatch board.
#
# Usage: field_tablet_reset.sh [-y] [-k KEEP_FILE]

set -eu

APP_DATA="${FIELDPRO_DATA:-$HOME/.local/share/fieldpro}"
PROFILE_ROOT="${PROFILE_ROOT:-$HOME}"
KEEP="${KEEP_FILE:-.fieldpro_device_id}"
ASSUME_YES=0
STAMP=$(date +%Y%m%d-%H%M%S)
REPORT="./tablet-reset-$STAMP.txt"

say() { printf '[reset] %s\n' "$*" | tee -a "$REPORT"; }

while getopts "yk:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        k) KEEP="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf 'Reset this tablet for a new engineer? [y/N] '
    read -r ans
    case "$ans" in y|Y|yes) return 0 ;; *) return 1 ;; esac
}

pending_uploads() {
    q="$APP_DATA/upload_queue"
    [ -d "$q" ] || { echo 0; return; }
    find "$q" -type f | wc -l | tr -d ' '
}

sign_out() {
    if command -v fieldpro-cli >/dev/null 2>&1; then
        fieldpro-cli logout --all >/dev/null 2>&1 || say "logout reported an error, continuing"
    fi
    say "signed out of FieldPro"
}

clear_app_cache() {
    for d in offline_jobs photo_cache signatures tiles; do
        if [ -d "$APP_DATA/$d" ]; then
            rm -rf "${APP_DATA:?}/$d"
            say "cleared $d"
        fi
    done
}

clear_profile() {
    base="${PROFILE_ROOT%/}"
    say "clearing profile under $base (keeping $KEEP)"
    find "$base" -mindepth 1 -maxdepth 1 ! -name "$KEEP" ! -name "$(basename "$REPORT")" \
        -exec rm -rf -- {} + 2>/dev/null || true
}

main() {
    n=$(pending_uploads)
    if [ "$n" -gt 0 ]; then
        echo "There are $n job uploads still queued. Sync the tablet first." >&2
        exit 1
    fi
    confirm || { echo "aborted"; exit 1; }
    : > "$REPORT"
    say "reset started $(date)"
    say "host $(hostname), user $(id -un)"
    sign_out
    clear_app_cache
    clear_profile
    say "reset finished $(date)"
    echo "Tablet ready for reassignment. Reboot before handing over."
}

main "$@"
