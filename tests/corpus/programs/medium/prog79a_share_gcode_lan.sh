#!/bin/sh
# share_gcode_lan.sh - collect freshly sliced G-code from the slicer export
# folder and publish it on the workshop LAN so the Prusa/Bambu printers and
# the tablet next to them can pull files without a USB stick.
#
#   share_gcode_lan.sh [-d export_dir] [-p port] [-a max_age_hours]
#
# Environment: GCODE_SHARE_NAME  name announced over mDNS (default: hostname)

EXPORT_DIR="${HOME}/Documents/PrusaSlicer/exports"
PORT=8765
MAX_AGE_H=48
STAGE=/tmp/gcode-share
PIDFILE=/tmp/gcode-share.pid
NAME="${GCODE_SHARE_NAME:-$(hostname -s) gcode}"

log() { echo "[$(date '+%F %T')] $*"; }

while getopts "d:p:a:h" opt; do
    case $opt in
        d) EXPORT_DIR=$OPTARG ;;
        p) PORT=$OPTARG ;;
        a) MAX_AGE_H=$OPTARG ;;
        *) sed -n '2,8p' "$0"; exit 1 ;;
    esac
done

[ -d "$EXPORT_DIR" ] || { log "export dir $EXPORT_DIR missing"; exit 1; }

stop_previous() {
    if [ -f "$PIDFILE" ]; then
        old=$(cat "$PIDFILE")
        if kill -0 "$old" 2>/dev/null; then
            log "stopping previous share (pid $old)"
            kill "$old"
        fi
        rm -f "$PIDFILE"
    fi
}

stage_files() {
    mkdir -p "$STAGE"
    find "$STAGE" -maxdepth 1 -type f -name '*.*gcode' -delete
    mins=$((MAX_AGE_H * 60))
    count=0
    for f in $(find "$EXPORT_DIR" -maxdepth 2 -type f \( -name '*.gcode' -o -name '*.bgcode' \) -mmin -"$mins"); do
        cp -p "$f" "$STAGE/"
        count=$((count + 1))
    done
    log "staged $count file(s) into $STAGE"
}

write_index() {
    {
        echo "<html><head><title>$NAME</title></head><body><h2>$NAME</h2><ul>"
        ls -t "$STAGE" | grep -E '\.b?gcode$' | while read -r g; do
            size=$(du -h "$STAGE/$g" | cut -f1)
            est=$(grep -m1 -E '^; estimated printing time' "$STAGE/$g" 2>/dev/null | cut -d= -f2)
            echo "<li><a href=\"$g\">$g</a> ($size,${est:- ?})</li>"
        done
        echo "</ul></body></html>"
    } > "$STAGE/index.html"
}

announce() {
    if command -v avahi-publish-service >/dev/null 2>&1; then
        avahi-publish-service "$NAME" _http._tcp "$PORT" path=/ &
        echo $! > "$STAGE/.avahi.pid"
    fi
}

cleanup() {
    [ -f "$STAGE/.avahi.pid" ] && kill "$(cat "$STAGE/.avahi.pid")" 2>/dev/null
    rm -f "$PIDFILE" "$STAGE/.avahi.pid"
    log "share stopped"
}

stop_previous
stage_files
write_index
announce
trap cleanup EXIT INT TERM

log "serving $STAGE on port $PORT as '$NAME'"
python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$STAGE" &
echo $! > "$PIDFILE"
wait
