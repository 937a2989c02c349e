#!/usr/bin/env bash
# Share a folder on the local network so a colleague can download files
# from their browser.
#   usage: ./share_folder_http.sh [folder] [port]
# Serves the folder with Python's built-in http.server on all interfaces
# and prints the URLs to hand out. Stop it with Ctrl-C.
set -euo pipefail

FOLDER="${1:-.}"
PORT="${2:-8000}"

if [ ! -d "$FOLDER" ]; then
    echo "not a directory: $FOLDER" >&2
    exit 1
fi

if ! command -v python3 >/dev/null 2>&1; then
    echo "python3 is required" >&2
    exit 1
fi

FILES=$(find "$FOLDER" -type f | wc -l)
SIZE=$(du -sh "$FOLDER" | cut -f1)
echo "Sharing $(cd "$FOLDER" && pwd) ($FILES files, $SIZE)"

echo "Open one of these on the other machine:"
for ip in $(hostname -I 2>/dev/null); do
    case "$ip" in
        *:*) ;;                      # skip IPv6
        *)   echo "  http://$ip:$PORT/" ;;
    esac
done
echo "Press Ctrl-C to stop sharing."

# Listen on every interface so other machines can connect.
python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$FOLDER"
