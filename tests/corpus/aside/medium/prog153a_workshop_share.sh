#!/bin/sh
# workshop_share.sh - share the workshop handouts with the classroom
#
# At school workshops the teacher and pupils' tablets need the puppet
# templates, the make-along video and the colouring sheets. The school
# wifi rarely lets us use cloud links, so we serve them straight from the
# laptop on the classroom network for the length of the session.
# Usage: workshop_share.sh [-p PORT] [-d MATERIALS_DIR] [-m MINUTES]

PORT=8000
MATERIALS="${MATERIALS:-$HOME/workshop/handouts}"
MINUTES=90
STAGING="/tmp/workshop_share"
PIDFILE="/tmp/workshop_share.pid"

while getopts "p:d:m:" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        d) MATERIALS="$OPTARG" ;;
        m) MINUTES="$OPTARG" ;;
        *) sed -n '2,8p' "$0"; exit 2 ;;
    esac
done

msg() { echo "share: $*"; }

stage_materials() {
    if [ ! -d "$MATERIALS" ]; then
        msg "no materials folder at $MATERIALS"
        exit 1
    fi
    rm -rf "$STAGING"
    mkdir -p "$STAGING"
    # copy rather than link so the originals can't be changed from a tablet
    cp -R "$MATERIALS"/. "$STAGING"/
    count=$(find "$STAGING" -type f | wc -l)
    msg "staged $count file(s)"
}

write_index() {
    {
        echo "<html><head><title>Puppet workshop</title></head><body>"
        echo "<h1>Puppet workshop handouts</h1><ul>"
        for f in "$STAGING"/*; do
            name=$(basename "$f")
            [ "$name" = "index.html" ] && continue
            echo "<li><a href=\"$name\">$name</a></li>"
        done
        echo "</ul></body></html>"
    } > "$STAGING/index.html"
}

local_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

start_server() {
    cd "$STAGING" || exit 1
    python3 -m http.server "$PORT" --bind 0.0.0.0 >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
    addr=$(local_address)
    msg "tablets can open http://${addr:-this-laptop}:$PORT/"
}

stop_server() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null
        rm -f "$PIDFILE"
    fi
    rm -rf "$STAGING"
    msg "sharing stopped"
}

trap stop_server INT TERM

stage_materials
write_index
start_server
msg "sharing for $MINUTES minutes (Ctrl-C to stop early)"
sleep $((MINUTES * 60))
stop_server
