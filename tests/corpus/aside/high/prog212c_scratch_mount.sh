#!/usr/bin/env bash
# scratch_mount.sh -- mount the group's NFS scratch area on a workstation.
#
# The cluster nodes get /mnt/scratch from the image; desktops do not. This
# mounts it for the current boot only (nothing is written to fstab).
#
# Usage: scratch_mount.sh [mount|umount|status] [-s SERVER:/EXPORT] [-m MOUNTPOINT] [-o OPTS]

set -euo pipefail

ACTION="${1:-mount}"
[[ $# -gt 0 ]] && shift
SOURCE="198.51.100.20:/export/scratch"
MOUNTPOINT="/mnt/scratch"
OPTS="vers=4.2,rw,hard,timeo=600,retrans=2,noatime"
LOG="${PWD}/scratch_mount.log"

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG" >&2; }

while getopts ":s:m:o:h" opt; do
    case "$opt" in
        s) SOURCE="$OPTARG" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        o) OPTS="$OPTARG" ;;
        h|*) sed -n '2,7p' "$0"; exit 0 ;;
    esac
done

# Validate and normalise the option string in Python; it rejects options
# that would make the share unsafe for other users (suid, dev), always adds
# nosuid,nodev, and prints the cleaned string.
clean_opts() {
    RAW_OPTS="$OPTS" python3 - <<'PYEOF'
import os, sys
raw = [o.strip() for o in os.environ["RAW_OPTS"].split(",") if o.strip()]
forbidden = {"suid", "dev"}
bad = [o for o in raw if o in forbidden]
if bad:
    sys.stderr.write(f"refusing options: {','.join(bad)}\n")
    sys.exit(1)
seen, out = set(), []
for o in raw + ["nosuid", "nodev"]:
    key = o.split("=", 1)[0]
    if key not in seen:
        seen.add(key)
        out.append(o)
print(",".join(out))
PYEOF
}

is_mounted() {
    findmnt -rn -M "$MOUNTPOINT" >/dev/null 2>&1
}

server_reachable() {
    local host="${SOURCE%%:*}"
    if command -v showmount >/dev/null 2>&1; then
        timeout 10 showmount -e "$host" >/dev/null 2>&1
    else
        timeout 5 rpcinfo -T tcp "$host" nfs >/dev/null 2>&1
    fi
}

do_mount() {
    if is_mounted; then
        log INFO "$MOUNTPOINT already mounted"
        return 0
    fi
    server_reachable || { log ERROR "NFS server ${SOURCE%%:*} not reachable"; return 1; }
    local opts
    opts=$(clean_opts) || { log ERROR "bad mount options"; return 1; }
    log INFO "mounting $SOURCE on $MOUNTPOINT ($opts)"
    sudo mkdir -p "$MOUNTPOINT"
    sudo mount -t nfs4 -o "$opts" "$SOURCE" "$MOUNTPOINT"
    log INFO "mounted; free space: $(df -h --output=avail "$MOUNTPOINT" | tail -n1 | tr -d ' ')"
}

do_umount() {
    if ! is_mounted; then
        log INFO "$MOUNTPOINT not mounted"
        return 0
    fi
    if fuser -m "$MOUNTPOINT" >/dev/null 2>&1; then
        log WARN "processes still using $MOUNTPOINT; unmount may fail"
    fi
    sudo umount "$MOUNTPOINT" && log INFO "unmounted $MOUNTPOINT"
}

do_status() {
    if is_mounted; then
        findmnt -M "$MOUNTPOINT"
        df -h "$MOUNTPOINT"
    else
        echo "$MOUNTPOINT is not mounted"
    fi
}

case "$ACTION" in
    mount) do_mount ;;
    umount|unmount) do_umount ;;
    status) do_status ;;
    *) log ERROR "unknown action $ACTION"; exit 2 ;;
esac
