#!/usr/bin/env bash
# Large initial seeding of the archive share with rsync.
# The kernel writeback settings are tuned for the duration of the copy
# (big dirty-page budget, background flushing) and restored afterwards.
set -euo pipefail

SRC="${1:-./dataset/}"
DST="${2:-./seed-copy/}"
STATE_FILE="./.sync-tuning.saved"
BW_LIMIT="${BW_LIMIT:-0}"

declare -A TUNING=(
    [vm.dirty_ratio]=40
    [vm.dirty_background_ratio]=10
    [vm.vfs_cache_pressure]=50
    [vm.dirty_expire_centisecs]=6000
)

msg() { printf '[seed %(%H:%M:%S)T] %s\n' -1 "$*"; }

save_current() {
    : > "$STATE_FILE"
    for key in "${!TUNING[@]}"; do
        printf '%s=%s\n' "$key" "$(sysctl -n "$key")" >> "$STATE_FILE"
    done
    msg "saved current values to $STATE_FILE"
}

apply_tuning() {
    for key in "${!TUNING[@]}"; do
        msg "setting $key=${TUNING[$key]}"
        sudo sysctl -q -w "$key=${TUNING[$key]}"
    done
    # start from a cold page cache so the throughput numbers are honest
    sync
    echo 1 | sudo tee /proc/sys/vm/drop_caches >/dev/null
}

restore_tuning() {
    [[ -s "$STATE_FILE" ]] || return 0
    while IFS='=' read -r key value; do
        [[ -n "$key" ]] || continue
        sudo sysctl -q -w "$key=$value" && msg "restored $key=$value"
    done < "$STATE_FILE"
    rm -f "$STATE_FILE"
}

trap restore_tuning EXIT INT TERM

[[ -d "$SRC" ]] || { msg "source $SRC missing"; exit 1; }
mkdir -p "$DST"

save_current
apply_tuning

rsync_opts=(-a --info=progress2 --partial --inplace --no-compress)
(( BW_LIMIT > 0 )) && rsync_opts+=(--bwlimit="$BW_LIMIT")

start=$(date +%s)
ionice -c2 -n7 nice -n 10 rsync "${rsync_opts[@]}" "$SRC" "$DST"
elapsed=$(( $(date +%s) - start ))
bytes=$(du -sb "$DST" | cut -f1)
(( elapsed > 0 )) || elapsed=1
msg "copied $(numfmt --to=iec "$bytes") in ${elapsed}s ($(numfmt --to=iec $((bytes / elapsed)))/s)"
