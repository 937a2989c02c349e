#!/usr/bin/env bash
# share_xrays_to_tablet.sh - show today's radiographs on the owner's phone or the yard tablet.
#
# Builds a simple thumbnail index of the day's JPEG exports and serves the
# folder on the laptop's Wi-Fi so anyone on the van hotspot can open it in a
# browser.  Prints a QR code of the URL when qrencode is installed.
#
#   share_xrays_to_tablet.sh [-d YYYY-MM-DD] [-p PORT] [-r EXPORT_ROOT]

set -euo pipefail

DAY="$(date +%F)"
PORT=8088
EXPORT_ROOT="./exports"

while getopts "d:p:r:h" opt; do
  case "$opt" in
    d) DAY="$OPTARG" ;;
    p) PORT="$OPTARG" ;;
    r) EXPORT_ROOT="$OPTARG" ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

SHARE_DIR="$EXPORT_ROOT/$DAY"
[[ -d "$SHARE_DIR" ]] || { echo "nothing exported for $DAY in $EXPORT_ROOT" >&2; exit 1; }

lan_ip() {
  ip -4 -o route get 1.1.1.1 2>/dev/null | awk '{for (i=1;i<NF;i++) if ($i=="src") print $(i+1)}'
}

build_index() {
  local dir="$1" count=0
  {
    echo "<!doctype html><meta name=viewport content='width=device-width'>"
    echo "<title>Radiographs $DAY</title><h1>Radiographs $DAY</h1>"
    for horse in "$dir"/*/; do
      [[ -d "$horse" ]] || continue
      echo "<h2>$(basename "$horse")</h2>"
      for img in "$horse"*.jpg "$horse"*.jpeg; do
        [[ -f "$img" ]] || continue
        rel="${img#"$dir"/}"
        echo "<a href='$rel'><img src='$rel' width=240 loading=lazy></a>"
        count=$((count + 1))
      done
    done
  } > "$dir/index.html"
  echo "$count"
}

shopt -s nullglob
n=$(build_index "$SHARE_DIR")
echo "indexed $n images for $DAY"

ip_addr="$(lan_ip)"
url="http://${ip_addr:-localhost}:$PORT/"
echo "sharing $SHARE_DIR at $url (Ctrl-C to stop)"
if command -v qrencode >/dev/null; then
  qrencode -t ansiutf8 "$url"
fi

exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHARE_DIR"
