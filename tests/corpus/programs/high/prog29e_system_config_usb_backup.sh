#!/usr/bin/env bash
# Back up this machine's configuration and service data to the labelled USB
# backup disk kept in the server room: mounts the disk by label, rsyncs the
# selected system paths into a dated directory (hard-linked against the
# previous run), writes a manifest, and unmounts again.
#
#   system_config_usb_backup.sh [-L label] [-k keep] [-x extra_path]... [-n]

set -euo pipefail

LABEL=SRVBACKUP
MNT=/mnt/srvbackup
KEEP=10
DRY=0
PATHS=(/etc /var/lib/postgresql /var/spool/cron /srv /root)
LOG="${HOME}/srv-usb-backup.log"
MOUNTED_BY_US=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }
die() { log "ERROR: $*"; exit 1; }

while getopts 'L:k:x:nh' o; do
    case $o in
        L) LABEL=$OPTARG ;;
        k) KEEP=$OPTARG ;;
        x) PATHS+=("$OPTARG") ;;
        n) DRY=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

sudo -v || die "sudo required"

cleanup() {
    if [[ $MOUNTED_BY_US -eq 1 ]]; then
        sync
        sudo umount "$MNT" && log "unmounted $MNT" || log "WARNING: could not unmount $MNT"
    fi
}
trap cleanup EXIT

mount_disk() {
    local dev="/dev/disk/by-label/$LABEL"
    [[ -e $dev ]] || die "backup disk with label $LABEL not connected"
    if mountpoint -q "$MNT"; then
        log "$MNT already mounted"
        return
    fi
    sudo mkdir -p "$MNT"
    sudo mount -o noatime "$dev" "$MNT" || die "mount $dev failed"
    MOUNTED_BY_US=1
    log "mounted $dev on $MNT ($(findmnt -n -o FSTYPE "$MNT"))"
}

run_backup() {
    local host stamp dest prev
    host=$(hostname -s)
    stamp=$(date +%Y%m%d-%H%M)
    dest="$MNT/$host/$stamp"
    prev=$(sudo find "$MNT/$host" -mindepth 1 -maxdepth 1 -type d -name '20*' 2>/dev/null | sort | tail -n1 || true)

    local opts=(-aAXH --numeric-ids --relative --delete --info=stats1)
    opts+=(--exclude='/var/lib/postgresql/*/main/pg_wal/*' --exclude='*.sock' --exclude='/root/.cache/')
    [[ -n $prev ]] && opts+=(--link-dest="$prev")
    [[ $DRY -eq 1 ]] && opts+=(--dry-run)

    sudo mkdir -p "$dest"
    local existing=()
    for p in "${PATHS[@]}"; do
        if sudo test -e "$p"; then existing+=("$p"); else log "skip missing $p"; fi
    done
    log "rsync ${existing[*]} -> $dest (link-dest: ${prev:-none})"
    local rc=0
    sudo rsync "${opts[@]}" "${existing[@]}" "$dest/" || rc=$?
    [[ $rc -eq 0 || $rc -eq 24 ]] || die "rsync exited $rc"

    if [[ $DRY -eq 0 ]]; then
        {
            echo "host: $host"
            echo "date: $(date -Is)"
            echo "kernel: $(uname -r)"
            echo "paths: ${existing[*]}"
            dpkg-query -W -f='${Package}\t${Version}\n' 2>/dev/null | sed 's/^/pkg: /'
        } | sudo tee "$dest/MANIFEST.txt" >/dev/null
        sudo chmod 0600 "$dest/MANIFEST.txt"
        log "manifest written"
    else
        sudo rmdir "$dest" 2>/dev/null || true
    fi
}

prune() {
    [[ $DRY -eq 1 ]] && return
    local host; host=$(hostname -s)
    mapfile -t runs < <(sudo find "$MNT/$host" -mindepth 1 -maxdepth 1 -type d -name '20*' | sort)
    local n=$(( ${#runs[@]} - KEEP ))
    local i
    for (( i = 0; i < n; i++ )); do
        log "pruning ${runs[i]}"
        sudo rm -rf -- "${runs[i]:?}"
    done
    df -h "$MNT" | tail -n1 | awk '{print "backup disk usage: " $5 " (" $4 " free)"}' | tee -a "$LOG"
}

mount_disk
run_backup
prune
