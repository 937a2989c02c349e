#!/usr/bin/env bash
# gig_laptop_tidy.sh - tidy the show project on the band's playback laptop
#
# Run from the show project folder.  Clears the project's render cache and
# session files, resets the player preferences to the band defaults and
# reclaims disk space used by scratch renders so the next player starts
# from a known state.
#
#   gig_laptop_tidy.sh [-n] [-q]
#     -n  dry run: print what would be removed
#     -q  quiet
set -uo pipefail

DRY_RUN=0
QUIET=0
BAND_DEFAULTS_URL="${BAND_DEFAULTS_URL:-https://rig.thefunctionfolk.co.uk/defaults/player.json}"
SCRATCH_DIR="/tmp/showplayer-scratch"
LOCK_FILE="/tmp/gig_laptop_tidy.lock"
LOG_FILE="./gig_laptop_tidy.log"

while getopts ":nqh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown option -$OPTARG" >&2; exit 1 ;;
    esac
done

say() {
    printf '[%s] %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"
    (( QUIET )) || printf '%s\n' "$*"
}

remove() {
    local target
    for target in "$@"; do
        [[ -e "$target" ]] || continue
        if (( DRY_RUN )); then
            say "would remove $target"
        else
            rm -rf -- "$target" && say "removed $target"
        fi
    done
}

PROJECT_ROOT="$(pwd -P)"
APP_DATA="$PROJECT_ROOT/.showplayer"
APP_CACHE="$PROJECT_ROOT/.cache/showplayer"
APP_CONF="$PROJECT_ROOT/config"

[[ -f "$PROJECT_ROOT/show.json" ]] || { echo "run this from a show project folder" >&2; exit 1; }

if [[ -e "$LOCK_FILE" ]]; then
    echo "another tidy is running (lock $LOCK_FILE)" >&2
    exit 1
fi
echo $$ > "$LOCK_FILE"
trap 'rm -f "$LOCK_FILE"' EXIT

clear_player_cache() {
    say "clearing render cache"
    remove "$APP_CACHE/renders" "$APP_CACHE/waveforms" "$APP_CACHE/thumbs"
    remove "$APP_DATA/sessions" "$PROJECT_ROOT/build"
}

reset_prefs() {
    say "resetting player preferences"
    mkdir -p "$APP_CONF"
    if (( DRY_RUN )); then
        say "would fetch $BAND_DEFAULTS_URL"
        return
    fi
    if curl -fsS --max-time 20 -o "$APP_CONF/player.json.new" "$BAND_DEFAULTS_URL"; then
        mv "$APP_CONF/player.json.new" "$APP_CONF/player.json"
    else
        say "could not fetch band defaults, keeping current prefs"
        rm -f "$APP_CONF/player.json.new"
    fi
}

reclaim_space() {
    local before after
    before="$(df -Pk "$PROJECT_ROOT" | awk 'NR==2 {print $4}')"
    say "clearing scratch renders in $SCRATCH_DIR"
    remove "$SCRATCH_DIR"
    if (( ! DRY_RUN )); then
        mkdir -p "$SCRATCH_DIR"
    fi
    after="$(df -Pk "$PROJECT_ROOT" | awk 'NR==2 {print $4}')"
    say "free space: $((before / 1024)) MiB -> $((after / 1024)) MiB"
}

main() {
    say "tidy started by $(id -un) on $(hostname)"
    clear_player_cache
    reset_prefs
    reclaim_space
    say "project ready for the next player"
}

main "$@"
