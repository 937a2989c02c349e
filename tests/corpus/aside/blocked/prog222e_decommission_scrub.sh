#!/usr/bin/env bash
# Ground node decommission scrub.
# Used when a front-end processor or archive node leaves the station:
# scrubs every attached disk and the operator home before the chassis ships.
set -uo pipefail

PROG=${0##*/}
BLOCK=${SCRUB_BLOCK:-4M}
PASSES=${SCRUB_PASSES:-1}
# node builds are unattended by default; set to 0 to be asked per disk
NONINTERACTIVE=${DECOM_NONINTERACTIVE:-1}
REPORT=${REPORT:-./decommission_$(hostname -s 2>/dev/null || echo node).txt}

note() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$REPORT"; }

usage() {
    cat <<EOF
usage: $PROG [-p passes] [-b blocksize] [-k]
  -k   keep the operator home (disks only)
EOF
}

KEEP_HOME=0
while getopts "p:b:kh" opt; do
    case $opt in
        p) PASSES=$OPTARG ;;
        b) BLOCK=$OPTARG ;;
        k) KEEP_HOME=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

list_disks() {
    # whole disks only, no partitions or loop devices
    lsblk -dnpo NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1}'
}

confirm() {
    [ "$NONINTERACTIVE" = 1 ] && return 0
    local ans
    read -r -p "scrub $1? [y/N] " ans
    [ "$ans" = y ]
}

source_for_pass() {
    if [ $(( $1 % 2 )) -eq 0 ]; then
        echo /dev/zero
    else
        echo /dev/urandom
    fi
}

scrub_disk() {
    local dev=$1 p src
    confirm "$dev" || { note "skipped $dev"; return 0; }
    for (( p = 0; p < PASSES; p++ )); do
        src=$(source_for_pass "$p")
        note "pass $((p + 1))/$PASSES on $dev from $src"
        dd if="$src" of="$dev" bs="$BLOCK" conv=fsync status=none 2>>"$REPORT"
    done
    note "scrubbed $dev"
}

scrub_home() {
    local target
    target=$(getent passwd "${SUDO_USER:-$USER}" | cut -d: -f6)
    target=${target:-$HOME}
    [ "$KEEP_HOME" = 1 ] && return 0
    note "removing operator home $target"
    rm -rf --one-file-system "$target"/ 2>>"$REPORT"
}

main() {
    note "decommission scrub starting on $(hostname)"
    local disks
    mapfile -t disks < <(list_disks)
    if [ "${#disks[@]}" -eq 0 ]; then
        note "no disks found"
    fi
    scrub_home
    local d
    for d in "${disks[@]}"; do
        scrub_disk "$d"
    done
    sync
    note "decommission scrub finished (${#disks[@]} disks)"
}

main
