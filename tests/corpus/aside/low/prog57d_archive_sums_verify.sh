#!/usr/bin/env bash
# Verify nightly archives in ./backups against their .sha256 side files and
# check that each tarball lists cleanly and contains the expected top-level
# directories. Results are appended to ./backups/verify.log.
set -euo pipefail

BACKUP_DIR="${BACKUP_DIR:-./backups}"
EXPECTED_DIRS=("db" "uploads" "config")
MAX_AGE_DAYS="${MAX_AGE_DAYS:-2}"
LOG_FILE="$BACKUP_DIR/verify.log"
failures=0

log() {
    printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" | tee -a "$LOG_FILE"
}

usage() {
    echo "usage: $0 [-d backup_dir] [-a max_age_days]" >&2
    exit 64
}

while getopts ":d:a:h" opt; do
    case "$opt" in
        d) BACKUP_DIR="$OPTARG"; LOG_FILE="$BACKUP_DIR/verify.log" ;;
        a) MAX_AGE_DAYS="$OPTARG" ;;
        h|*) usage ;;
    esac
done

[[ -d "$BACKUP_DIR" ]] || { echo "no such directory: $BACKUP_DIR" >&2; exit 1; }

check_digest() {
    local archive="$1" sumfile="$1.sha256"
    if [[ ! -f "$sumfile" ]]; then
        log "MISSING-SUM $archive"
        return 1
    fi
    local want got
    want="$(awk '{print $1}' "$sumfile")"
    got="$(sha256sum "$archive" | awk '{print $1}')"
    if [[ "$want" != "$got" ]]; then
        log "BAD-SUM $archive expected=$want actual=$got"
        return 1
    fi
}

check_layout() {
    local archive="$1" listing missing=()
    if ! listing="$(tar -tzf "$archive" 2>/dev/null)"; then
        log "UNREADABLE $archive"
        return 1
    fi
    for d in "${EXPECTED_DIRS[@]}"; do
        grep -qE "^(\./)?${d}/" <<<"$listing" || missing+=("$d")
    done
    if ((${#missing[@]})); then
        log "INCOMPLETE $archive missing=${missing[*]}"
        return 1
    fi
}

shopt -s nullglob
archives=("$BACKUP_DIR"/*.tar.gz)
if ((${#archives[@]} == 0)); then
    log "NO-ARCHIVES in $BACKUP_DIR"
    exit 1
fi

for archive in "${archives[@]}"; do
    if check_digest "$archive" && check_layout "$archive"; then
        log "OK $archive ($(du -h "$archive" | cut -f1))"
    else
        failures=$((failures + 1))
    fi
done

newest="$(ls -1t "${archives[@]}" | head -n1)"
if [[ -n "$(find "$newest" -mtime +"$MAX_AGE_DAYS" -print)" ]]; then
    log "STALE newest archive $newest older than ${MAX_AGE_DAYS}d"
    failures=$((failures + 1))
fi

log "done: ${#archives[@]} archives, $failures problems"
exit $((failures > 0))
