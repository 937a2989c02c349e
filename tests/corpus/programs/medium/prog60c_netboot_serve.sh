#!/bin/sh
# netboot_serve.sh - serve freshly built kernels/initramfs images to the lab
# boards over HTTP using busybox httpd, so U-Boot can 'wget' them on the bench LAN.
# Runs as the normal build user; listens on an unprivileged port.

IMAGES_DIR="${IMAGES_DIR:-./bin/targets}"
PORT="${NETBOOT_PORT:-8080}"
LISTEN="0.0.0.0"
PIDFILE="/tmp/netboot-httpd.pid"
INDEX_TMP=""

msg() { echo "netboot: $*" >&2; }

usage() {
    echo "usage: $0 start|stop|status|index" >&2
    exit 2
}

is_running() {
    [ -f "$PIDFILE" ] || return 1
    pid=$(cat "$PIDFILE")
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}

build_index() {
    INDEX_TMP=$(mktemp /tmp/netboot-index.XXXXXX)
    {
        echo "<html><body><h3>netboot images</h3><ul>"
        find "$IMAGES_DIR" -type f \( -name '*.itb' -o -name '*.bin' -o -name '*initramfs*' \) |
        sort | while read -r f; do
            rel=${f#"$IMAGES_DIR"/}
            sz=$(wc -c < "$f")
            echo "<li><a href=\"/$rel\">$rel</a> ($sz bytes)</li>"
        done
        echo "</ul></body></html>"
    } > "$INDEX_TMP"
    cp "$INDEX_TMP" "$IMAGES_DIR/index.html"
    rm -f "$INDEX_TMP"
    msg "index rebuilt ($(grep -c '<li>' "$IMAGES_DIR/index.html") images)"
}

start() {
    if is_running; then
        msg "already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    [ -d "$IMAGES_DIR" ] || { msg "no $IMAGES_DIR - build first"; exit 1; }
    build_index
    # -f foreground so we can record the pid ourselves; -h document root
    busybox httpd -f -p "$LISTEN:$PORT" -h "$IMAGES_DIR" &
    echo $! > "$PIDFILE"
    sleep 1
    if is_running; then
        ip=$(ip -4 -o addr show scope global 2>/dev/null | awk '{print $4}' | cut -d/ -f1 | head -n1)
        msg "serving $IMAGES_DIR on $LISTEN:$PORT"
        msg "in U-Boot: setenv serverip ${ip:-<host-ip>}; wget \${loadaddr} \${serverip}:/<image>"
    else
        msg "httpd failed to start"
        rm -f "$PIDFILE"
        exit 1
    fi
}

stop() {
    if is_running; then
        kill "$(cat "$PIDFILE")"
        msg "stopped"
    else
        msg "not running"
    fi
    rm -f "$PIDFILE"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) if is_running; then msg "running, pid $(cat "$PIDFILE")"; else msg "stopped"; fi ;;
    index) build_index ;;
    *) usage ;;
esac
