#!/bin/sh
# Temporarily publish local backup snapshots on the LAN so another machine can
# pull a restore without setting up SMB/NFS.  Builds an index page listing the
# snapshots with sizes and checksums, then serves the folder over HTTP until
# the timeout expires or Ctrl-C is pressed.
#
#   snapshot_lan_share.sh [-d DIR] [-p PORT] [-t MINUTES]

SNAP_DIR="./snapshots"
PORT=8765
TIMEOUT_MIN=30

die() { echo "error: $*" >&2; exit 1; }

while getopts "d:p:t:h" opt; do
    case "$opt" in
        d) SNAP_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        t) TIMEOUT_MIN="$OPTARG" ;;
        h|*) sed -n '2,7p' "$0"; exit 0 ;;
    esac
done

[ -d "$SNAP_DIR" ] || die "snapshot directory $SNAP_DIR not found"
case "$PORT" in
    ''|*[!0-9]*) die "port must be numeric" ;;
esac
command -v python3 >/dev/null 2>&1 || die "python3 is required"

human_size() {
    awk -v b="$1" 'BEGIN {
        split("B KiB MiB GiB TiB", u, " "); i = 1
        while (b >= 1024 && i < 5) { b /= 1024; i++ }
        printf "%.1f %s", b, u[i]
    }'
}

build_index() {
    index="$SNAP_DIR/index.html"
    sums="$SNAP_DIR/SHA256SUMS"
    : > "$sums"
    {
        echo "<!doctype html><html><head><meta charset=utf-8><title>Snapshots on $(hostname)</title></head><body>"
        echo "<h1>Snapshots on $(hostname)</h1><table border=1 cellpadding=4>"
        echo "<tr><th>Archive</th><th>Size</th><th>Modified</th></tr>"
        for f in "$SNAP_DIR"/*.tar* "$SNAP_DIR"/*.zip; do
            [ -f "$f" ] || continue
            name=$(basename "$f")
            size=$(wc -c < "$f" | tr -d ' ')
            mod=$(date -r "$f" '+%Y-%m-%d %H:%M')
            (cd "$SNAP_DIR" && sha256sum "$name") >> "$sums"
            echo "<tr><td><a href=\"$name\">$name</a></td><td>$(human_size "$size")</td><td>$mod</td></tr>"
        done
        echo "</table><p><a href=\"SHA256SUMS\">SHA256SUMS</a></p></body></html>"
    } > "$index"
    echo "index written: $(grep -c '<tr><td>' "$index") archives"
}

lan_addresses() {
    if command -v ip >/dev/null 2>&1; then
        ip -4 -o addr show scope global | awk '{print $4}' | cut -d/ -f1
    else
        hostname -I 2>/dev/null | tr ' ' '\n'
    fi
}

build_index

echo "Serving $SNAP_DIR for $TIMEOUT_MIN minutes. Reachable at:"
for addr in $(lan_addresses); do
    echo "    http://$addr:$PORT/"
done

python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SNAP_DIR" &
SERVER_PID=$!

cleanup() {
    kill "$SERVER_PID" 2>/dev/null
    rm -f "$SNAP_DIR/index.html"
    echo "share stopped"
}
trap cleanup INT TERM EXIT

elapsed=0
while kill -0 "$SERVER_PID" 2>/dev/null; do
    sleep 10
    elapsed=$((elapsed + 10))
    if [ "$elapsed" -ge $((TIMEOUT_MIN * 60)) ]; then
        echo "timeout reached"
        break
    fi
done
