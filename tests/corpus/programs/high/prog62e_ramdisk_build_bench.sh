#!/usr/bin/env bash
# ramdisk_build_bench.sh - compare a test-suite run on the normal disk with
# one on a throwaway tmpfs.  The tmpfs is mounted under the project and is
# always unmounted by the EXIT trap, even when a background job fails.
set -uo pipefail

SIZE="${SIZE:-2G}"
MNT="$(pwd)/.ramdisk"
SRC="$(pwd)"
RESULTS="bench-results.txt"
RUNS="${RUNS:-3}"
declare -a BG=()
mounted=0

say() { printf '[bench] %s\n' "$*" >&2; }

teardown() {
    local rc=$?
    for pid in "${BG[@]}"; do
        kill "$pid" 2>/dev/null
    done
    wait 2>/dev/null
    if (( mounted )); then
        say "unmounting $MNT"
        sudo umount --lazy "$MNT" || say "umount failed, check 'findmnt $MNT'"
    fi
    rmdir "$MNT" 2>/dev/null
    exit "$rc"
}
trap teardown EXIT
trap 'say "interrupted"; exit 130' INT TERM

mount_ramdisk() {
    mkdir -p "$MNT"
    if findmnt -rn "$MNT" >/dev/null; then
        say "$MNT already mounted, reusing"
    else
        sudo mount -t tmpfs -o "size=${SIZE},mode=0755,uid=$(id -u),gid=$(id -g)" \
            bench-tmpfs "$MNT" || { say "mount failed"; exit 1; }
    fi
    mounted=1
}

stage_tree() {
    say "copying sources to tmpfs"
    tar -C "$SRC" --exclude=./.ramdisk --exclude=./.git -cf - . | tar -C "$MNT" -xf -
}

time_suite() {
    local where=$1 label=$2 i start
    for ((i = 1; i <= RUNS; i++)); do
        start=$(date +%s.%N)
        ( cd "$where" && make -s test >/dev/null 2>&1 )
        printf '%s\t%d\t%.2f\n' "$label" "$i" "$(echo "$(date +%s.%N) - $start" | bc)"
    done
}

mount_ramdisk
stage_tree

# Run both variants side by side; each writes to its own descriptor.
exec 5> >(sort -k1,1 -k2,2n > "${RESULTS}.disk")
exec 6> >(sort -k1,1 -k2,2n > "${RESULTS}.tmpfs")
time_suite "$SRC" disk >&5 & BG+=("$!")
time_suite "$MNT" tmpfs >&6 & BG+=("$!")

status=0
for pid in "${BG[@]}"; do
    wait "$pid" || status=1
done
BG=()
exec 5>&- 6>&-
sleep 0.2

cat "${RESULTS}.disk" "${RESULTS}.tmpfs" > "$RESULTS"
rm -f "${RESULTS}.disk" "${RESULTS}.tmpfs"
awk -F'\t' '{s[$1]+=$3; n[$1]++} END {for (k in s) printf "%-6s mean %.2fs over %d runs\n", k, s[k]/n[k], n[k]}' "$RESULTS"
exit "$status"
