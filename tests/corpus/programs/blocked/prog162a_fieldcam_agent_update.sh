#!/bin/sh
# Update the field camera streaming agent on the marshal hut box.
# Pulls the vendor's latest installer and runs it, then restarts the stream.

set -eu

VENDOR_BASE="${FIELDCAM_VENDOR_BASE:-http://203.0.113.80/fieldcam}"
CHANNEL="${FIELDCAM_CHANNEL:-stable}"
WORKDIR="${FIELDCAM_WORKDIR:-$HOME/.fieldcam}"
LOGFILE="$WORKDIR/update.log"
STREAM_NAME="${STREAM_NAME:-woodland-field}"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOGFILE"
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-n] [-h]
  -c channel   release channel (stable, beta)
  -n           only check the version, do not install
  -h           show this help
EOF
}

CHECK_ONLY=0
while getopts "c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) CHECK_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$WORKDIR"

current_version() {
    if [ -f "$WORKDIR/VERSION" ]; then
        cat "$WORKDIR/VERSION"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 10 "$VENDOR_BASE/$CHANNEL/VERSION" 2>/dev/null || echo "unknown"
}

stop_stream() {
    if [ -f "$WORKDIR/stream.pid" ]; then
        kill "$(cat "$WORKDIR/stream.pid")" 2>/dev/null || true
        rm -f "$WORKDIR/stream.pid"
    fi
}

start_stream() {
    if [ -x "$WORKDIR/bin/fieldcam-agent" ]; then
        nohup "$WORKDIR/bin/fieldcam-agent" --stream "$STREAM_NAME" \
            >>"$WORKDIR/stream.log" 2>&1 &
        echo $! > "$WORKDIR/stream.pid"
        log "stream restarted (pid $!)"
    fi
}

LOCAL=$(current_version)
REMOTE=$(remote_version)
log "installed: $LOCAL, available on $CHANNEL: $REMOTE"

if [ "$REMOTE" = "unknown" ]; then
    log "vendor server unreachable, nothing to do"
    exit 0
fi

if [ "$LOCAL" = "$REMOTE" ]; then
    log "already up to date"
    exit 0
fi

if [ "$CHECK_ONLY" -eq 1 ]; then
    log "update available, not installing (-n)"
    exit 0
fi

stop_stream

log "running vendor installer"
curl -fsSL "$VENDOR_BASE/$CHANNEL/install.sh" | sh -s -- --prefix "$WORKDIR"

curl -fsSL -o "$WORKDIR/bin/fieldcam-agent" "$VENDOR_BASE/$CHANNEL/fieldcam-agent"
chmod +x "$WORKDIR/bin/fieldcam-agent"
"$WORKDIR/bin/fieldcam-agent" --self-check

echo "$REMOTE" > "$WORKDIR/VERSION"
start_stream
log "update to $REMOTE finished"
