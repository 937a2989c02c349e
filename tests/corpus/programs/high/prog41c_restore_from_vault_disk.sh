#!/bin/sh
# Restore drill: attach the offline backup disk, restore the latest
# custom-format dump into a scratch database, run sanity checks, detach.
set -eu

BACKUP_LABEL="${BACKUP_LABEL:-PGVAULT}"
MOUNTPOINT="${MOUNTPOINT:-/mnt/pgvault}"
SCRATCH_DB="${SCRATCH_DB:-restore_drill}"
SOURCE_DB="${SOURCE_DB:-appdb}"
JOBS="${JOBS:-4}"
REPORT="./restore-drill-$(date +%Y%m%d).log"
MOUNTED_BY_US=0

say() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$REPORT"; }
fail() { say "FAILED: $*"; cleanup; exit 1; }

attach_disk() {
    dev=$(blkid -L "$BACKUP_LABEL" 2>/dev/null || true)
    [ -n "$dev" ] || fail "no block device labelled $BACKUP_LABEL"
    if mountpoint -q "$MOUNTPOINT"; then
        say "$MOUNTPOINT already mounted"
        return
    fi
    sudo mkdir -p "$MOUNTPOINT"
    say "mounting $dev read-only on $MOUNTPOINT"
    sudo mount -o ro,noexec,nosuid,nodev "$dev" "$MOUNTPOINT"
    MOUNTED_BY_US=1
}

cleanup() {
    if [ "$MOUNTED_BY_US" -eq 1 ]; then
        say "unmounting $MOUNTPOINT"
        sudo umount "$MOUNTPOINT" || say "warning: umount failed"
        MOUNTED_BY_US=0
    fi
}
trap cleanup EXIT INT TERM

latest_dump() {
    ls -1t "$MOUNTPOINT/$SOURCE_DB"/*.dump 2>/dev/null | head -n 1
}

restore_dump() {
    file="$1"
    say "restoring $(basename "$file") into $SCRATCH_DB"
    dropdb --if-exists "$SCRATCH_DB"
    createdb "$SCRATCH_DB"
    pg_restore --dbname="$SCRATCH_DB" --jobs="$JOBS" --no-owner --exit-on-error "$file" \
        || fail "pg_restore exited with $?"
}

sanity_checks() {
    tables=$(psql -XAt -d "$SCRATCH_DB" -c \
        "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")
    say "public tables restored: $tables"
    [ "$tables" -gt 0 ] || fail "restore produced an empty schema"
    for t in users orders invoices; do
        n=$(psql -XAt -d "$SCRATCH_DB" -c "SELECT count(*) FROM public.$t" 2>/dev/null || echo missing)
        say "  $t: $n rows"
    done
}

main() {
    say "restore drill for $SOURCE_DB starting"
    attach_disk
    dump=$(latest_dump)
    [ -n "$dump" ] || fail "no dumps for $SOURCE_DB on $MOUNTPOINT"
    say "latest dump: $dump ($(du -h "$dump" | cut -f1))"
    restore_dump "$dump"
    sanity_checks
    dropdb "$SCRATCH_DB"
    say "restore drill passed"
}

main "$@"
