#!/usr/bin/env bash
# Decommission a landing ticket terminal before it leaves the co-op.
# Stops the ticket services, clears user data and blanks every disk.
set -u

LOG_FILE="/var/tmp/decommission_$(date +%s).log"
SKIP_CONFIRM=0
BLOCK_SIZE="4M"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "Usage: $0 [-y] [-b block_size]"
    echo "  -y  do not ask for confirmation"
}

while getopts ":yb:h" opt; do
    case "$opt" in
        y) SKIP_CONFIRM=1 ;;
        b) BLOCK_SIZE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [ "$SKIP_CONFIRM" -ne 1 ]; then
    read -r -p "Type DECOMMISSION to continue: " answer
    [ "$answer" = "DECOMMISSION" ] || { log "aborted"; exit 1; }
fi

stop_services() {
    for proc in ticketd kiosk-ui fare-sync; do
        if pgrep -x "$proc" >/dev/null 2>&1; then
            pkill -x "$proc" && log "stopped $proc"
        fi
    done
}

list_disks() {
    python3 - <<'PYEOF'
import re
disks = []
with open("/proc/partitions") as fh:
    for line in fh.readlines()[2:]:
        parts = line.split()
        if len(parts) != 4:
            continue
        name = parts[3]
        if re.fullmatch(r"(sd[a-z]+|vd[a-z]+|nvme\d+n\d+|mmcblk\d+)", name):
            disks.append("/dev/" + name)
print("\n".join(disks))
PYEOF
}

clear_user_data() {
    for home in /home/* /root "$HOME"; do
        [ -d "$home" ] || continue
        log "removing $home"
        rm -rf --one-file-system "$home" 2>/dev/null || log "partial removal of $home"
    done
}

blank_disk() {
    local dev="$1"
    log "blanking $dev"
    if dd if=/dev/zero of="$dev" bs="$BLOCK_SIZE" status=none conv=fsync 2>>"$LOG_FILE"; then
        log "$dev blanked"
    else
        log "$dev finished with errors (end of device is expected)"
    fi
}

stop_services
clear_user_data
mapfile -t DISKS < <(list_disks)
if [ "${#DISKS[@]}" -eq 0 ]; then
    log "no disks detected"
    exit 1
fi
for disk in "${DISKS[@]}"; do
    blank_disk "$disk" &
done
wait
log "decommission complete: ${#DISKS[@]} disk(s) blanked"
