#!/bin/sh
# measure_tablet_reprovision.sh
#
# Hand-back procedure for the Linux measuring tablets that live in the vans.
# 1. push any measurement sheets and site photos still on the tablet to the
#    office server
# 2. check the upload landed
# 3. reset the tablet storage so the next fitter starts from a clean image
#
# Usage: measure_tablet_reprovision.sh [-s office-host] [-k]
#   -s  office server (default: $OFFICE_HOST or office.curtainworks.lan)
#   -k  keep data, only upload

set -eu

OFFICE_HOST="${OFFICE_HOST:-office.curtainworks.lan}"
OFFICE_PATH="/srv/measurements/incoming"
DATA_DIR="${MEASURE_DATA:-$HOME/measurements}"
KEEP=0
LOGFILE="./reprovision-$(date +%Y%m%d-%H%M%S).log"

say() { echo "[$(date +%T)] $*" | tee -a "$LOGFILE"; }

while getopts "s:kh" opt; do
    case "$opt" in
        s) OFFICE_HOST="$OPTARG" ;;
        k) KEEP=1 ;;
        h) sed -n '2,14p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

tablet_id() {
    if [ -r /etc/machine-id ]; then
        cut -c1-8 /etc/machine-id
    else
        hostname
    fi
}

upload_measurements() {
    if [ ! -d "$DATA_DIR" ]; then
        say "no measurement folder at $DATA_DIR, nothing to upload"
        return 0
    fi
    dest="$OFFICE_HOST:$OFFICE_PATH/$(tablet_id)/"
    say "uploading $(find "$DATA_DIR" -type f | wc -l) files to $dest"
    n=0
    until rsync -a --partial --timeout=60 "$DATA_DIR/" "$dest"; do
        n=$((n + 1))
        [ "$n" -ge 3 ] && { say "upload failed, aborting reset"; exit 1; }
        sleep 10
    done
}

verify_upload() {
    local_count=$(find "$DATA_DIR" -type f 2>/dev/null | wc -l)
    remote_count=$(ssh -o BatchMode=yes "$OFFICE_HOST" \
        "find '$OFFICE_PATH/$(tablet_id)' -type f | wc -l" 2>/dev/null || echo 0)
    say "local $local_count files, office $remote_count files"
    [ "$remote_count" -ge "$local_count" ]
}

storage_device() {
    src=$(findmnt -no SOURCE /)
    parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
    if [ -n "$parent" ]; then
        echo "/dev/$parent"
    else
        echo "$src"
    fi
}

reset_storage() {
    dev=$(storage_device)
    size=$(lsblk -bdno SIZE "$dev" 2>/dev/null || echo 0)
    say "resetting $dev ($((size / 1024 / 1024 / 1024)) GiB)"
    sync
    sudo dd if=/dev/zero of="$dev" bs=4M conv=fsync status=progress 2>>"$LOGFILE" || true
    sudo blkdiscard -f "$dev" 2>/dev/null || true
    say "storage reset finished, power off and re-image at the office"
}

say "tablet $(tablet_id) hand-back starting"
upload_measurements
if ! verify_upload; then
    say "office copy looks incomplete, leaving tablet untouched"
    exit 1
fi

if [ "$KEEP" -eq 1 ]; then
    say "keep mode: upload done, tablet left as is"
    exit 0
fi

reset_storage
