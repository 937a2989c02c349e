#!/usr/bin/env bash
# Package a rough cut as HLS and share it with the edit suite on the LAN so
# the director can scrub it in a browser / VLC without copying the file.
#
#   ./prog40a_hls_preview_share.sh cut_v3.mov [port]
set -eu

SRC="${1:?usage: $0 <video> [port]}"
PORT="${2:-8088}"
OUT_DIR="${OUT_DIR:-./hls_preview}"
PID_FILE=/tmp/hls_preview_server.pid
LOG_FILE=/tmp/hls_preview_server.log
SEGMENT_SECONDS=4

die() { echo "error: $*" >&2; exit 1; }

command -v ffmpeg >/dev/null || die "ffmpeg not found"
[ -f "$SRC" ] || die "no such file: $SRC"

stop_previous() {
    if [ -f "$PID_FILE" ]; then
        old=$(cat "$PID_FILE")
        if kill -0 "$old" 2>/dev/null; then
            echo "stopping previous preview server ($old)"
            kill "$old" || true
        fi
        rm -f "$PID_FILE"
    fi
}

package() {
    rm -rf "$OUT_DIR"
    mkdir -p "$OUT_DIR"
    for rung in "1080:5000k" "720:2800k" "480:1200k"; do
        height=${rung%%:*}
        rate=${rung##*:}
        echo "encoding ${height}p @ $rate"
        ffmpeg -hide_banner -loglevel error -y -i "$SRC" \
            -vf "scale=-2:${height}" -c:v libx264 -preset veryfast -b:v "$rate" \
            -c:a aac -b:a 128k \
            -f hls -hls_time "$SEGMENT_SECONDS" -hls_playlist_type vod \
            -hls_segment_filename "$OUT_DIR/${height}p_%04d.ts" \
            "$OUT_DIR/${height}p.m3u8"
    done
    {
        echo "#EXTM3U"
        echo "#EXT-X-STREAM-INF:BANDWIDTH=5500000,RESOLUTION=1920x1080"
        echo "1080p.m3u8"
        echo "#EXT-X-STREAM-INF:BANDWIDTH=3100000,RESOLUTION=1280x720"
        echo "720p.m3u8"
        echo "#EXT-X-STREAM-INF:BANDWIDTH=1400000,RESOLUTION=854x480"
        echo "480p.m3u8"
    } > "$OUT_DIR/master.m3u8"
}

serve() {
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$OUT_DIR" \
        >"$LOG_FILE" 2>&1 &
    echo $! > "$PID_FILE"
    sleep 1
    kill -0 "$(cat "$PID_FILE")" 2>/dev/null || die "server failed, see $LOG_FILE"
    host_ip=$(hostname -I 2>/dev/null | awk '{print $1}')
    echo "preview: http://${host_ip:-localhost}:${PORT}/master.m3u8"
    echo "stop with: kill \$(cat $PID_FILE)"
}

stop_previous
package
serve
