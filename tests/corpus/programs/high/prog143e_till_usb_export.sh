#!/bin/sh
# Copy the day's till reconciliation files to the bookkeeper's USB stick and
# make sure the network receipt printer can reach the till again after the
# morning's router swap.

set -eu

EXPORT_DIR="${EXPORT_DIR:-./till_exports}"
STICK_LABEL="${STICK_LABEL:-BOOKS}"
MNT="${MNT:-/mnt/books}"
PRINTER_NET="${PRINTER_NET:-198.51.100.0/24}"
PRINTER_PORT="${PRINTER_PORT:-9100}"
DAY="$(date +%Y-%m-%d)"

info() { echo "[export] $*"; }
die() { echo "[export] error: $*" >&2; exit 1; }

# pick whatever elevation helper this counter PC happens to have
as_admin() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v pkexec >/dev/null 2>&1; then
        pkexec "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo -- "$@"
    fi
}

find_stick() {
    dev="$(blkid -L "$STICK_LABEL" 2>/dev/null || true)"
    [ -n "$dev" ] || die "no USB stick labelled $STICK_LABEL"
    echo "$dev"
}

mount_stick() {
    dev="$1"
    as_admin mkdir -p "$MNT"
    if ! grep -qs " $MNT " /proc/mounts; then
        as_admin mount -o "uid=$(id -u),gid=$(id -g)" "$dev" "$MNT"
    fi
    info "stick $dev mounted at $MNT"
}

copy_exports() {
    dest="$MNT/till/$DAY"
    mkdir -p "$dest"
    n=0
    for f in "$EXPORT_DIR"/*"$DAY"*.csv; do
        [ -e "$f" ] || continue
        cp -p "$f" "$dest/"
        n=$((n + 1))
    done
    [ "$n" -gt 0 ] || info "nothing to copy for $DAY"
    info "copied $n files"
}

unmount_stick() {
    sync
    as_admin umount "$MNT" || info "could not unmount, remove with care"
}

allow_printer() {
    rule="INPUT -p tcp -s $PRINTER_NET --sport $PRINTER_PORT -j ACCEPT"
    # shellcheck disable=SC2086
    if as_admin iptables -C $rule 2>/dev/null; then
        info "printer rule already present"
    else
        # shellcheck disable=SC2086
        as_admin iptables -I $rule
        info "printer rule added for $PRINTER_NET:$PRINTER_PORT"
    fi
}

case "${1:-all}" in
    copy)
        mount_stick "$(find_stick)"
        copy_exports
        unmount_stick
        ;;
    printer) allow_printer ;;
    all)
        mount_stick "$(find_stick)"
        copy_exports
        unmount_stick
        allow_printer
        ;;
    *) die "usage: $0 [copy|printer|all]" ;;
esac
