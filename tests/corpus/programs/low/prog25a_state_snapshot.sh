#!/usr/bin/env bash
# Snapshot the configuration-management working state of this checkout.
#
# Archives ./state (facts cache, rendered templates, run logs) into
# ./snapshots/state-<stamp>.tar.gz, records a checksum manifest and prunes
# old snapshots so the directory does not grow forever.
#
# Usage: ./state_snapshot.sh [-k KEEP] [-s STATE_DIR] [-o OUT_DIR] [-n]

set -euo pipefail

KEEP=7
STATE_DIR="./state"
OUT_DIR="./snapshots"
DRY_RUN=0
LOG_PREFIX="[state-snapshot]"

log()  { printf '%s %s %s\n' "$(date +%H:%M:%S)" "$LOG_PREFIX" "$*"; }
warn() { log "WARN: $*" >&2; }
die()  { log "ERROR: $*" >&2; exit 1; }

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":k:s:o:nh" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        s) STATE_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        :) die "option -$OPTARG needs a value" ;;
        *) usage 2 ;;
    esac
done

[[ "$KEEP" =~ ^[0-9]+$ ]] || die "KEEP must be a number, got '$KEEP'"
[[ -d "$STATE_DIR" ]] || die "state directory $STATE_DIR not found"

case "$OUT_DIR" in
    /*|..*) die "output directory must be inside the checkout" ;;
esac

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
archive="$OUT_DIR/state-$stamp.tar.gz"
manifest="$OUT_DIR/SHA256SUMS"

count_files() {
    find "$1" -type f | wc -l | tr -d ' '
}

make_snapshot() {
    local n
    n="$(count_files "$STATE_DIR")"
    if (( n == 0 )); then
        warn "$STATE_DIR is empty, nothing to snapshot"
        return 1
    fi
    log "archiving $n file(s) from $STATE_DIR"
    if (( DRY_RUN )); then
        log "dry run: would write $archive"
        return 0
    fi
    mkdir -p "$OUT_DIR"
    tar --exclude='*.lock' --exclude='__pycache__' -czf "$archive" \
        -C "$(dirname "$STATE_DIR")" "$(basename "$STATE_DIR")"
    chmod 600 "$archive"
    log "wrote $archive ($(du -h "$archive" | cut -f1))"
}

update_manifest() {
    (( DRY_RUN )) && return 0
    (
        cd "$OUT_DIR"
        ls -1 state-*.tar.gz 2>/dev/null | sort | xargs -r sha256sum > SHA256SUMS.new
        mv SHA256SUMS.new SHA256SUMS
    )
    log "manifest updated: $manifest"
}

prune_old() {
    local all total excess
    mapfile -t all < <(ls -1 "$OUT_DIR"/state-*.tar.gz 2>/dev/null | sort)
    total=${#all[@]}
    excess=$(( total - KEEP ))
    if (( excess <= 0 )); then
        log "keeping all $total snapshot(s)"
        return 0
    fi
    for old in "${all[@]:0:excess}"; do
        if (( DRY_RUN )); then
            log "dry run: would remove $old"
        else
            rm -f -- "$old"
            log "removed old snapshot $old"
        fi
    done
}

verify_latest() {
    (( DRY_RUN )) && return 0
    if ( cd "$OUT_DIR" && grep "state-$stamp" SHA256SUMS | sha256sum -c --quiet - ); then
        log "checksum verified for state-$stamp"
    else
        die "checksum mismatch for $archive"
    fi
}

main() {
    if make_snapshot; then
        prune_old
        update_manifest
        verify_latest
    fi
    log "done"
}

main "$@"
