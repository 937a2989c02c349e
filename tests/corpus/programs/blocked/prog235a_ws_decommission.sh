#!/usr/bin/env bash
# ws_decommission.sh - decommission a depot workshop PC before it goes back
# to the leasing company. Removes the whole home directory tree of the
# workshop account and zero-fills the data disk that held diagnostic dumps.

set -uo pipefail

DATA_DISK="${DATA_DISK:-/dev/sdb}"
TARGET_HOME="${TARGET_HOME:-$HOME}"
BLOCK_SIZE="4M"
ASSUME_YES=0
LOGFILE="./decommission_$(date +%Y%m%d).log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE"; }

usage() {
    cat <<EOF
usage: $0 [-d data_disk] [-u home_dir] [-y]
  -d  data disk to zero (default $DATA_DISK)
  -u  home directory to remove (default $TARGET_HOME)
  -y  do not ask for confirmation
EOF
}

while getopts ":d:u:yh" opt; do
    case "$opt" in
        d) DATA_DISK="$OPTARG" ;;
        u) TARGET_HOME="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "Erase $TARGET_HOME and $DATA_DISK on $(hostname)? [yes/NO] " ans
    [[ "$ans" == "yes" ]]
}

inventory() {
    log "host: $(hostname)  kernel: $(uname -r)"
    du -sh "$TARGET_HOME" 2>/dev/null | while read -r size _; do
        log "home size: $size"
    done
    if [[ -b "$DATA_DISK" ]]; then
        log "data disk: $DATA_DISK $(lsblk -dno SIZE "$DATA_DISK" 2>/dev/null)"
    else
        log "data disk $DATA_DISK not present"
    fi
}

remove_home() {
    # python does the tree removal; the path is passed via the environment
    WIPE_PATH="$TARGET_HOME" python3 -c '
import os, shutil, sys
p = os.path.realpath(os.environ["WIPE_PATH"])
errs = []
shutil.rmtree(p, onerror=lambda f, path, exc: errs.append(path))
print(f"removed {p}, {len(errs)} entries could not be removed")
' 2>&1 | while read -r line; do log "$line"; done
}

zero_disk() {
    if [[ ! -b "$DATA_DISK" ]]; then
        log "skipping disk zeroing"
        return
    fi
    for part in $(lsblk -lno NAME "$DATA_DISK" | tail -n +2); do
        umount "/dev/$part" 2>/dev/null && log "unmounted /dev/$part"
    done
    log "zeroing $DATA_DISK"
    dd if=/dev/zero of="$DATA_DISK" bs="$BLOCK_SIZE" status=progress conv=fsync 2>>"$LOGFILE"
    log "dd finished with status $?"
}

main() {
    inventory
    if ! confirm; then
        log "aborted by user"
        exit 1
    fi
    # keep the log outside the tree we are about to remove
    cd / || exit 1
    LOGFILE="/var/tmp/$(basename "$LOGFILE")"
    remove_home
    zero_disk
    log "decommission complete"
}

main
