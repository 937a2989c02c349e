#!/usr/bin/env bash
# Tidy the contractor's tally-tools workspace at the end of a shed.
# Removes build and cache leftovers, archives finished tally CSVs and
# keeps a checksum index so duplicates aren't archived twice.
set -euo pipefail

WORKDIR="${1:-.}"
ARCHIVE_DIR="archive"
INDEX_FILE="${ARCHIVE_DIR}/index.md5"
declare -a CLEAN_PATTERNS=("build" "dist" "__pycache__" ".pytest_cache" ".cache" "*.egg-info")
declare -A COUNTS=([removed]=0 [archived]=0 [duplicate]=0)

log() { printf '%s %s\n' "$(date '+%T')" "$*"; }

in_workdir() {
    cd "$WORKDIR" || { log "cannot enter $WORKDIR"; exit 1; }
    [[ -f ./tally_tools.cfg || -d ./tallies ]] || { log "$PWD does not look like the tally workspace"; exit 1; }
}

clean_leftovers() {
    local pat hit
    for pat in "${CLEAN_PATTERNS[@]}"; do
        while IFS= read -r -d '' hit; do
            rm -rf -- "$hit"
            COUNTS[removed]=$((COUNTS[removed] + 1))
        done < <(find . -path "./${ARCHIVE_DIR}" -prune -o -name "$pat" -print0)
    done
    log "removed ${COUNTS[removed]} leftover path(s)"
}

checksum() {
    md5sum -- "$1" | cut -d' ' -f1
}

already_indexed() {
    [[ -f "$INDEX_FILE" ]] && grep -q "^$1 " "$INDEX_FILE"
}

archive_tallies() {
    mkdir -p "$ARCHIVE_DIR"
    local f key stamp
    stamp="$(date +%Y%m%d)"
    shopt -s nullglob
    for f in tallies/*.csv; do
        key="$(checksum "$f")"
        if already_indexed "$key"; then
            COUNTS[duplicate]=$((COUNTS[duplicate] + 1))
            continue
        fi
        printf '%s %s\n' "$key" "$(basename "$f")" >> "$INDEX_FILE"
        COUNTS[archived]=$((COUNTS[archived] + 1))
    done
    shopt -u nullglob
    if (( COUNTS[archived] > 0 )); then
        tar -czf "${ARCHIVE_DIR}/tallies-${stamp}.tar.gz" tallies/*.csv
        log "archived ${COUNTS[archived]} tally file(s) into tallies-${stamp}.tar.gz"
    fi
    log "skipped ${COUNTS[duplicate]} already archived"
}

summary() {
    local du_out
    du_out="$(du -sh . 2>/dev/null | cut -f1)"
    log "workspace now ${du_out}"
}

main() {
    in_workdir
    local step
    for step in clean_leftovers archive_tallies summary; do
        "$step"
    done
}

main
