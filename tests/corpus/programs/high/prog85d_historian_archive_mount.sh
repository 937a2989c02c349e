#!/usr/bin/env bash
# Attach the SCADA historian's long-term archive share on a reporting host and
# copy the requested months of hourly exports into ./archive for the
# compliance analysts.
#
#   prog85d_historian_archive_mount.sh 2023-07 2023-08 ...
#
# Settings come from ./archive_mount.conf (shell syntax):
#   NAS_HOST=hist-nas01.ot.cityh2o.local
#   NAS_EXPORT=/export/historian/archive
#   MOUNT_POINT=/mnt/historian_archive
#   REMEMBER=1      # keep the share across reboots
set -eo pipefail

CONF="${ARCHIVE_MOUNT_CONF:-./archive_mount.conf}"
NAS_HOST="hist-nas01.ot.cityh2o.local"
NAS_EXPORT="/export/historian/archive"
MOUNT_POINT="/mnt/historian_archive"
NFS_OPTS="ro,vers=4.1,hard,timeo=600,retrans=2,_netdev"
REMEMBER=1
DEST="./archive"

# shellcheck source=/dev/null
[[ -r "$CONF" ]] && source "$CONF"

log()  { logger -t historian-archive -- "$*" 2>/dev/null || true; echo "[archive] $*"; }
fail() { log "ERROR: $*"; exit 1; }

[[ $# -gt 0 ]] || fail "give at least one month (YYYY-MM)"
for m in "$@"; do
    [[ "$m" =~ ^[0-9]{4}-[0-9]{2}$ ]] || fail "bad month '$m'"
done

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

ensure_mounted() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted"
        return
    fi
    log "mounting $NAS_HOST:$NAS_EXPORT on $MOUNT_POINT"
    $SUDO mkdir -p "$MOUNT_POINT"
    local tries=0
    until $SUDO mount -t nfs4 -o "$NFS_OPTS" "$NAS_HOST:$NAS_EXPORT" "$MOUNT_POINT"; do
        tries=$((tries + 1))
        [[ $tries -ge 3 ]] && fail "mount failed after $tries attempts"
        log "mount attempt $tries failed, retrying in 20s"
        sleep 20
    done
}

remember_mount() {
    local entry="$NAS_HOST:$NAS_EXPORT $MOUNT_POINT nfs4 $NFS_OPTS 0 0"
    if grep -qsF "$NAS_HOST:$NAS_EXPORT" /etc/fstab; then
        return
    fi
    log "adding share to /etc/fstab"
    $SUDO cp -p /etc/fstab "/etc/fstab.bak.$(date +%Y%m%d%H%M%S)"
    printf '# historian archive (added %s)\n%s\n' "$(date -I)" "$entry" | $SUDO tee -a /etc/fstab >/dev/null
}

copy_months() {
    mkdir -p "$DEST"
    local total=0
    for m in "$@"; do
        local y="${m%-*}" mo="${m#*-}"
        local src="$MOUNT_POINT/$y/$mo"
        if [[ ! -d "$src" ]]; then
            log "no archive folder for $m"
            continue
        fi
        rsync -a --include='*/' --include='*.csv.gz' --exclude='*' "$src/" "$DEST/$m/"
        local n
        n=$(find "$DEST/$m" -name '*.csv.gz' | wc -l)
        total=$((total + n))
        log "$m: $n files"
    done
    log "copied $total files into $DEST"
}

ensure_mounted
[[ "$REMEMBER" == 1 ]] && remember_mount
copy_months "$@"
