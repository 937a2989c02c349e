#!/usr/bin/env bash
# room-kiosk-refresh: refresh the meeting-room display next to the door.
#
# The facilities server exports one directory per room with the day's
# bookings as JSON (written by the calendar assistant).  This script makes
# sure the export is mounted read-only, renders today's bookings into
# ./display/index.html and asks the kiosk browser to reload.
set -euo pipefail

PROG=${0##*/}
ROOM=${ROOM:-$(hostname -s | sed 's/^kiosk-//')}
NFS_SERVER=${NFS_SERVER:-facilities.corp.example.com}
NFS_EXPORT=${NFS_EXPORT:-/exports/rooms}
MOUNT_POINT=${MOUNT_POINT:-/mnt/rooms}
DISPLAY_DIR=${DISPLAY_DIR:-./display}
MOUNT_OPTS="ro,nosuid,nodev,noexec,soft,timeo=50,retrans=2,vers=4.1"

log() { printf '%s %s: %s\n' "$(date +%T)" "$PROG" "$*" >&2; }

ensure_mounted() {
    if mountpoint -q "$MOUNT_POINT"; then
        return 0
    fi
    log "mounting $NFS_SERVER:$NFS_EXPORT on $MOUNT_POINT"
    if ! grep -qw nfs4 /proc/filesystems; then
        sudo modprobe nfsv4
    fi
    sudo mkdir -p "$MOUNT_POINT"
    local tries=0
    until sudo mount -t nfs4 -o "$MOUNT_OPTS" "$NFS_SERVER:$NFS_EXPORT" "$MOUNT_POINT"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && { log "mount failed"; return 1; }
        sleep 5
    done
}

html_escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

render() {
    local src="$MOUNT_POINT/$ROOM/$(date +%F).json"
    local out="$DISPLAY_DIR/index.html"
    mkdir -p "$DISPLAY_DIR"
    local now
    now=$(date +%H:%M)
    {
        cat <<EOF
<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="120"><title>$ROOM</title>
<link rel="stylesheet" href="kiosk.css"></head><body>
<h1>$(printf '%s' "$ROOM" | html_escape)</h1><p class="clock">$now</p><ul>
EOF
        if [ -r "$src" ]; then
            jq -r --arg now "$now" '
                .bookings | sort_by(.start)[]
                | "<li class=\"" + (if .start <= $now and .end > $now then "busy" else "free" end)
                  + "\">" + .start + "&ndash;" + .end + " " + (.title | @html)
                  + " <small>" + (.organizer | @html) + "</small></li>"' "$src"
        else
            echo "<li class=\"free\">No bookings today</li>"
        fi
        echo "</ul></body></html>"
    } >"$out.new"
    mv "$out.new" "$out"
    log "rendered $(grep -c '<li' "$out") booking(s)"
}

reload_browser() {
    # chromium in kiosk mode exposes the devtools port on localhost only
    local ws
    ws=$(curl -s --max-time 3 http://127.0.0.1:9222/json 2>/dev/null \
         | jq -r '.[0].webSocketDebuggerUrl // empty' || true)
    if [ -n "$ws" ] && command -v websocat >/dev/null; then
        echo '{"id":1,"method":"Page.reload"}' | websocat -n1 "$ws" >/dev/null || true
    fi
}

main() {
    case ${1:-refresh} in
        refresh)
            ensure_mounted
            render
            reload_browser
            ;;
        unmount)
            mountpoint -q "$MOUNT_POINT" && sudo umount "$MOUNT_POINT"
            ;;
        *)
            echo "usage: $PROG [refresh|unmount]" >&2
            exit 2
            ;;
    esac
}

main "$@"
