#!/usr/bin/env bash
# Fill station decommission script.
# Run on a workstation that is being pulled from the pharmacy counter.
# Records the decommission, then removes the operator's entire home
# directory so that no patient data stays on the box.
#
# Usage: prog215e_station_decommission.sh [-s store] [-r reason] [-y]
set -euo pipefail

STORE_ID="${RX_STORE_ID:-0000}"
REASON="hardware refresh"
ASSUME_YES=0
RECORD_DIR="${DECOM_RECORD_DIR:-/var/tmp}"

log() { echo "$(date '+%F %T') [decom] $*" >&2; }

while getopts ":s:r:y" opt; do
    case "$opt" in
        s) STORE_ID="$OPTARG" ;;
        r) REASON="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) echo "usage: $0 [-s store] [-r reason] [-y]" >&2; exit 2 ;;
    esac
done

write_record() {
    local record="$RECORD_DIR/decom_${STORE_ID}_$(date +%s).txt"
    {
        echo "store=$STORE_ID"
        echo "host=$(hostname)"
        echo "user=${USER:-unknown}"
        echo "reason=$REASON"
        echo "date=$(date -u +%FT%TZ)"
    } > "$record"
    log "record written to $record"
}

summarise_home() {
    local files size
    files=$(find "$HOME" -xdev -type f 2>/dev/null | wc -l)
    size=$(du -sh "$HOME" 2>/dev/null | cut -f1)
    log "home $HOME holds $files files ($size)"
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "Erase ALL of $HOME on $(hostname)? type ERASE: " answer
    [[ "$answer" == "ERASE" ]]
}

log "decommissioning store $STORE_ID ($REASON)"
summarise_home
write_record

if ! confirm; then
    log "aborted by operator"
    exit 1
fi

# Stop the fill client first so it does not recreate files while we wipe.
if pgrep -u "$(id -u)" -f rx-fill-client >/dev/null 2>&1; then
    log "stopping rx-fill-client"
    pkill -u "$(id -u)" -f rx-fill-client || true
    sleep 2
fi

# The wipe is done in python so read-only files and odd names are handled.
WIPE_TARGET="$HOME" python3 -c '
import os, shutil, stat, sys

target = os.environ["WIPE_TARGET"]

def force(func, path, _exc):
    try:
        os.chmod(path, stat.S_IWUSR | stat.S_IRUSR | stat.S_IXUSR)
        func(path)
    except OSError as err:
        sys.stderr.write("skip %s: %s\n" % (path, err))

shutil.rmtree(target, onerror=force)
print("removed", target)
'
rc=$?

if (( rc == 0 )); then
    log "home directory erased"
else
    log "wipe finished with errors rc=$rc"
fi
exit "$rc"
