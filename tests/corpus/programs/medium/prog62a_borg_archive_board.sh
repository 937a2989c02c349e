#!/bin/sh
# Build a small HTML status board from a local borg repository and serve it
# to the team on port 8088 until interrupted.
#
#   BORG_REPO=./borg-repo ./prog62a_borg_archive_board.sh [--no-serve]
set -eu

REPO="${BORG_REPO:-./borg-repo}"
BOARD_DIR="${BOARD_DIR:-./board}"
PORT="${BOARD_PORT:-8088}"
SERVE=1

for arg in "$@"; do
    case "$arg" in
        --no-serve) SERVE=0 ;;
        --port=*)   PORT="${arg#--port=}" ;;
        -h|--help)  echo "usage: $0 [--no-serve] [--port=N]"; exit 0 ;;
        *)          echo "unknown option $arg" >&2; exit 2 ;;
    esac
done

say() { echo "[board] $*" >&2; }

command -v borg >/dev/null 2>&1 || { say "borg not installed"; exit 1; }
[ -d "$REPO" ] || { say "no repository at $REPO"; exit 1; }

mkdir -p "$BOARD_DIR"
list_file="$BOARD_DIR/archives.txt"
info_file="$BOARD_DIR/info.txt"

say "listing archives in $REPO"
borg list --format '{archive}{TAB}{time}{TAB}{hostname}{NL}' "$REPO" > "$list_file"
borg info "$REPO" > "$info_file" 2>/dev/null || say "borg info failed"

count=$(wc -l < "$list_file" | tr -d ' ')
if [ "$count" -eq 0 ]; then
    say "repository has no archives yet"
fi

# warn when the newest archive is older than two days
newest_epoch=$(tail -n 1 "$list_file" | cut -f2 | xargs -r -I{} date -d {} +%s 2>/dev/null || echo 0)
now_epoch=$(date +%s)
if [ "$newest_epoch" -gt 0 ] && [ $((now_epoch - newest_epoch)) -gt 172800 ]; then
    say "WARNING: newest archive is more than 48h old"
fi
latest=$(tail -n 1 "$list_file" | cut -f2)

{
    echo "<!doctype html><html><head><meta charset=utf-8>"
    echo "<title>borg: $(basename "$REPO")</title>"
    echo "<style>body{font-family:sans-serif}td{padding:2px 8px}</style></head><body>"
    echo "<h1>Repository $(basename "$REPO")</h1>"
    echo "<p>$count archives, newest at $latest</p><table>"
    while IFS="$(printf '\t')" read -r name when host; do
        echo "<tr><td>$name</td><td>$when</td><td>$host</td></tr>"
    done < "$list_file"
    echo "</table><pre>"
    sed 's/&/\&amp;/g; s/</\&lt;/g' "$info_file"
    echo "</pre></body></html>"
} > "$BOARD_DIR/index.html"
say "board written to $BOARD_DIR/index.html"

if [ "$SERVE" -eq 1 ]; then
    say "serving $BOARD_DIR on all interfaces, port $PORT"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$BOARD_DIR"
fi
