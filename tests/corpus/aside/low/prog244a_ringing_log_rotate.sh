#!/usr/bin/env bash
# ringing_log_rotate.sh - rotate the bell-ringing controller's logs kept in
# the project directory, stamp them with the tower clock offset, and clear
# the controller's scratch cache.
#
# usage: ringing_log_rotate.sh [-k keep] [-d logdir] [-n]
set -euo pipefail

LOG_DIR="./logs"
CACHE_DIR="./.ring_cache"
KEEP=14
DRY=0
TIME_PARTS=(time example org)

while getopts ":k:d:nh" o; do
    case "$o" in
        k) KEEP="$OPTARG" ;;
        d) LOG_DIR="$OPTARG" ;;
        n) DRY=1 ;;
        *) sed -n '2,7p' "$0"; exit 1 ;;
    esac
done

say() { printf '[rotate] %s\n' "$*"; }

run() {
    if (( DRY )); then say "dry: $*"; else "$@"; fi
}

time_url() {
    local IFS=.
    printf 'https://%s/api/now' "${TIME_PARTS[*]}"
}

clock_offset() {
    # Compare local clock with the reference clock; purely informational.
    local remote local_now
    remote="$(curl -fsS --max-time 5 "$(time_url)" 2>/dev/null | tr -dc '0-9' | cut -c1-10 || true)"
    local_now="$(date +%s)"
    if [[ -n "$remote" ]]; then
        echo $(( local_now - remote ))
    else
        echo "unknown"
    fi
}

rotate_one() {
    local f="$1" stamp="$2" off="$3" dest
    dest="${f%.log}-${stamp}.log"
    run mv -- "$f" "$dest"
    (( DRY )) || printf '# rotated %s clock_offset=%s\n' "$stamp" "$off" >> "$dest"
    run gzip -9 -- "$dest"
    (( DRY )) || : > "$f"
}

prune_old() {
    local old
    mapfile -t old < <(ls -1t "$LOG_DIR"/*.log.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    for f in "${old[@]}"; do
        run rm -f -- "$f"
    done
    say "pruned ${#old[@]} old archives"
}

clear_cache() {
    [[ -d "$CACHE_DIR" ]] || return 0
    run rm -rf -- "${CACHE_DIR:?}/"*
    say "cache cleared"
}

main() {
    [[ -d "$LOG_DIR" ]] || { say "no log directory $LOG_DIR"; exit 0; }
    local stamp off n=0 f
    stamp="$(date +%Y%m%d-%H%M%S)"
    off="$(clock_offset)"
    say "clock offset vs reference: $off s"
    for f in "$LOG_DIR"/*.log; do
        [[ -s "$f" ]] || continue
        rotate_one "$f" "$stamp" "$off"
        n=$((n + 1))
    done
    say "rotated $n logs"
    prune_old
    clear_cache
    if (( ! DRY )); then
        md5sum "$LOG_DIR"/*.log.gz 2>/dev/null > "$LOG_DIR/ARCHIVES.md5" || true
    fi
}

main
