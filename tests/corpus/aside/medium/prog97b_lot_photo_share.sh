#!/usr/bin/env bash
# lot_photo_share.sh - let the lot photographer's tablet (or the detail shop's
# laptop) pull today's prepared listing photos straight off the desk PC over
# the shop Wi-Fi, without USB sticks.
#
#   ./lot_photo_share.sh [-d listing_photos] [-p 8000] [-m minutes]
#
# Prints a URL (and a QR code if qrencode is installed) and stops sharing
# automatically after the given number of minutes.

set -euo pipefail

DIR="listing_photos"
PORT=8000
MINUTES=45

while getopts "d:p:m:h" opt; do
    case "$opt" in
        d) DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        m) MINUTES="$OPTARG" ;;
        h|*) sed -n '2,9p' "$0"; exit 0 ;;
    esac
done

LOG="./photo_share.log"
note() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

[[ -d "$DIR" ]] || { echo "no such directory: $DIR" >&2; exit 1; }
command -v python3 >/dev/null || { echo "python3 is required" >&2; exit 1; }

lan_address() {
    local ip
    ip=$(hostname -I 2>/dev/null | awk '{print $1}')
    if [[ -z "$ip" ]] && command -v ip >/dev/null; then
        ip=$(ip -4 route get 1.1.1.1 2>/dev/null | awk '{for (i=1;i<=NF;i++) if ($i=="src") print $(i+1)}')
    fi
    echo "${ip:-127.0.0.1}"
}

port_free() {
    ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

write_index() {
    local stock count
    {
        echo "<html><head><title>Listing photos $(date +%F)</title></head><body>"
        echo "<h1>Listing photos - $(date '+%A %d %B')</h1><ul>"
        for stock in "$DIR"/*/; do
            stock=$(basename "$stock")
            count=$(find "$DIR/$stock" -type f -name '*.jpg' | wc -l)
            echo "<li><a href=\"$stock/large/\">$stock</a> ($count files)</li>"
        done
        echo "</ul></body></html>"
    } > "$DIR/index.html"
}

while ! port_free "$PORT"; do
    PORT=$((PORT + 1))
done

write_index
ADDR=$(lan_address)
URL="http://$ADDR:$PORT/"
note "sharing $DIR at $URL for $MINUTES minutes"
if command -v qrencode >/dev/null; then
    qrencode -t ANSIUTF8 "$URL"
fi

python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$DIR" >>"$LOG" 2>&1 &
SERVER_PID=$!

stop_sharing() {
    kill "$SERVER_PID" 2>/dev/null || true
    rm -f "$DIR/index.html"
    note "sharing stopped"
}
trap stop_sharing EXIT INT TERM

sleep 1
kill -0 "$SERVER_PID" 2>/dev/null || { note "server failed to start"; exit 1; }

END=$(( $(date +%s) + MINUTES * 60 ))
while (( $(date +%s) < END )); do
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 15
done
