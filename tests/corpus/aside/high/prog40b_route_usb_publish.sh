#!/bin/sh
# Publish nightly route sheets delivered on the dispatcher's USB stick to
# the depot intranet page that drivers open on the tablets.
#
#   usage: route_usb_publish.sh [/dev/sdX1]

DEVICE="${1:-/dev/disk/by-label/ROUTES}"
MOUNTPOINT="/mnt/route-usb"
WEBROOT="/var/www/html/routes"
TODAY=$(date +%F)
STAMP_FILE="$WEBROOT/.published"

msg() { printf '[route-publish] %s\n' "$*"; }
fail() { msg "ERROR: $*" >&2; cleanup; exit 1; }

cleanup() {
    if mountpoint -q "$MOUNTPOINT"; then
        sudo umount "$MOUNTPOINT" || msg "warning: could not unmount $MOUNTPOINT"
    fi
}

[ -b "$DEVICE" ] || [ -L "$DEVICE" ] || fail "no block device $DEVICE"

sudo mkdir -p "$MOUNTPOINT"
if ! mountpoint -q "$MOUNTPOINT"; then
    sudo mount -o ro,nosuid,nodev,noexec "$DEVICE" "$MOUNTPOINT" \
        || fail "mount of $DEVICE failed"
fi
msg "mounted $DEVICE on $MOUNTPOINT"

SRC="$MOUNTPOINT/routes/$TODAY"
[ -d "$SRC" ] || fail "stick has no routes/$TODAY folder"

count=0
for sheet in "$SRC"/*.pdf "$SRC"/*.csv; do
    [ -e "$sheet" ] || continue
    case "$(basename "$sheet")" in
        *[!A-Za-z0-9._-]*) msg "skipping odd name: $sheet"; continue ;;
    esac
    count=$((count + 1))
done
[ "$count" -gt 0 ] || fail "no route sheets for $TODAY"

sudo mkdir -p "$WEBROOT/$TODAY"
sudo cp -f "$SRC"/*.pdf "$SRC"/*.csv "$WEBROOT/$TODAY/" 2>/dev/null
sudo ln -sfn "$WEBROOT/$TODAY" "$WEBROOT/latest"

# Dispatchers also drop corrections straight into the folder from their
# desktops via the samba share, which runs as a different user.
sudo chmod -R 777 "$WEBROOT"

{
    echo "<html><body><h1>Routes $TODAY</h1><ul>"
    for f in "$WEBROOT/$TODAY"/*; do
        n=$(basename "$f")
        echo "<li><a href=\"$TODAY/$n\">$n</a></li>"
    done
    echo "</ul></body></html>"
} > "$WEBROOT/index.html"

date -u +%FT%TZ > "$STAMP_FILE"
cleanup
msg "published $count sheets to $WEBROOT/$TODAY"
