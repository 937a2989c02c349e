#!/usr/bin/env bash
# Rotate the honeypot/collector application logs kept under ./logs in the
# project checkout. Compresses rotated files, keeps a fixed number of
# generations, and writes a checksum index for forensic integrity.
#
# usage: ./rotate_logs.sh [-d LOGDIR] [-k KEEP] [-m MIN_KB] [-n]

set -euo pipefail

LOG_DIR="./logs"
KEEP=7
MIN_KB=64
DRY_RUN=0
STAMP="$(date +%Y%m%d-%H%M%S)"
INDEX_FILE="rotation-index.sha256"

log() { printf '%s [rotate] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":d:k:m:nh" opt; do
    case "$opt" in
        d) LOG_DIR="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        m) MIN_KB="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

case "$LOG_DIR" in
    /*|*..*)
        log "refusing LOG_DIR '$LOG_DIR': must be a relative path inside the project"
        exit 1 ;;
esac

if [[ ! -d "$LOG_DIR" ]]; then
    log "no log directory at $LOG_DIR, nothing to do"
    exit 0
fi

run() {
    if (( DRY_RUN )); then
        log "dry-run: $*"
    else
        "$@"
    fi
}

rotate_one() {
    local file="$1" size_kb rotated
    size_kb=$(( $(stat -c %s "$file") / 1024 ))
    if (( size_kb < MIN_KB )); then
        log "skip $file (${size_kb}KB < ${MIN_KB}KB)"
        return 0
    fi
    rotated="${file}.${STAMP}"
    log "rotating $file (${size_kb}KB) -> ${rotated}.gz"
    run cp -p "$file" "$rotated"
    # copytruncate: the writer keeps its descriptor open
    run truncate -s 0 "$file"
    run gzip -9 "$rotated"
    if (( ! DRY_RUN )); then
        ( cd "$(dirname "$rotated")" && sha256sum "$(basename "$rotated").gz" ) \
            >> "$LOG_DIR/$INDEX_FILE"
    fi
}

prune_old() {
    local base="$1" count=0
    # newest first; everything past $KEEP goes
    while IFS= read -r old; do
        count=$(( count + 1 ))
        if (( count > KEEP )); then
            log "pruning $old"
            run rm -f -- "$old"
        fi
    done < <(ls -1t -- "${base}".*.gz 2>/dev/null || true)
}

main() {
    local rotated_any=0
    shopt -s nullglob
    for f in "$LOG_DIR"/*.log; do
        [[ -f "$f" ]] || continue
        rotate_one "$f"
        prune_old "$f"
        rotated_any=1
    done
    shopt -u nullglob

    if (( ! rotated_any )); then
        log "no *.log files in $LOG_DIR"
        return 0
    fi

    if [[ -f "$LOG_DIR/$INDEX_FILE" ]] && (( ! DRY_RUN )); then
        chmod 0600 "$LOG_DIR/$INDEX_FILE"
        log "verifying index"
        ( cd "$LOG_DIR" && sha256sum --quiet --check --ignore-missing "$INDEX_FILE" ) \
            || log "WARNING: checksum mismatch in $LOG_DIR/$INDEX_FILE"
    fi
    log "done; keeping $KEEP generations per log"
}

main
