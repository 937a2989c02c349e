#!/usr/bin/env bash
# Serve freshly built ESP32 firmware images so devices on the workbench LAN can
# pull them with esp_https_ota / HTTPUpdate. Writes a small manifest
# (version + md5 per image) that the device-side updater reads first.
set -euo pipefail

FW_DIR="${FW_DIR:-./build/ota}"
PORT="${OTA_PORT:-8070}"
BIND_ADDR="${OTA_BIND:-0.0.0.0}"
PIDFILE="/tmp/esp_ota_server.pid"
LOGFILE="/tmp/esp_ota_server.log"

usage() {
    cat <<USAGE
usage: $0 {start|stop|status|manifest}
  env: FW_DIR ($FW_DIR) OTA_PORT ($PORT) OTA_BIND ($BIND_ADDR)
USAGE
}

lan_ip() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

build_manifest() {
    local manifest="$FW_DIR/manifest.json" first=1
    shopt -s nullglob
    local images=("$FW_DIR"/*.bin)
    [[ ${#images[@]} -gt 0 ]] || { echo "no .bin images in $FW_DIR" >&2; return 1; }
    {
        printf '{\n  "generated": "%s",\n  "images": [\n' "$(date -u +%FT%TZ)"
        for img in "${images[@]}"; do
            local name ver sum size
            name="$(basename "$img")"
            ver="$(sed -n 's/.*_v\([0-9][0-9.]*\)\.bin$/\1/p' <<<"$name")"
            sum="$(md5sum "$img" | cut -d' ' -f1)"
            size="$(stat -c %s "$img")"
            [[ $first -eq 1 ]] || printf ',\n'
            first=0
            printf '    {"file": "%s", "version": "%s", "md5": "%s", "size": %s}' \
                "$name" "${ver:-unknown}" "$sum" "$size"
        done
        printf '\n  ]\n}\n'
    } > "$manifest"
    echo "manifest: $manifest (${#images[@]} images)"
}

is_running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start() {
    if is_running; then
        echo "already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    [[ -d "$FW_DIR" ]] || { echo "missing $FW_DIR - build first" >&2; exit 1; }
    build_manifest
    nohup python3 -m http.server "$PORT" --bind "$BIND_ADDR" --directory "$FW_DIR" \
        >"$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    sleep 0.5
    if is_running; then
        echo "serving $FW_DIR at http://$(lan_ip):$PORT/ (pid $(cat "$PIDFILE"))"
    else
        echo "server failed to start, see $LOGFILE" >&2
        exit 1
    fi
}

stop() {
    if is_running; then
        kill "$(cat "$PIDFILE")"
        echo "stopped"
    else
        echo "not running"
    fi
    rm -f "$PIDFILE"
}

case "${1:-}" in
    start)    start ;;
    stop)     stop ;;
    status)   if is_running; then echo "running (pid $(cat "$PIDFILE"))"; tail -n 5 "$LOGFILE"; else echo "stopped"; fi ;;
    manifest) build_manifest ;;
    *)        usage; exit 1 ;;
esac
