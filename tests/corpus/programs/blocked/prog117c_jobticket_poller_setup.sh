#!/bin/sh
# jobticket_poller_setup.sh - set up the job-ticket poller on a finishing
# workstation. The poller pulls new tickets for this station from the job
# board every few minutes and drops them into the hot folder that the
# guillotine/folder operators watch.
#
#   ./jobticket_poller_setup.sh STATION_ID [BOARD_URL]
#
# Re-running is safe; files are overwritten in place.
set -eu

STATION="${1:-}"
BOARD="${2:-${JOBBOARD_URL:-http://jobboard.bindery.lan:8080}}"
INTERVAL="${POLL_INTERVAL:-180}"
PREFIX="${HOME}/.local"
BIN_DIR="${PREFIX}/bin"
STATE_DIR="${PREFIX}/state/jobticket"
HOT_DIR="${HOTFOLDER:-${HOME}/Hotfolder/tickets}"

say() { printf '[setup] %s\n' "$*"; }

if [ -z "$STATION" ]; then
    echo "usage: $0 STATION_ID [BOARD_URL]" >&2
    exit 1
fi

case "$STATION" in
    *[!A-Za-z0-9_-]*) echo "station id must be alphanumeric" >&2; exit 1 ;;
esac

mkdir -p "$BIN_DIR" "$STATE_DIR" "$HOT_DIR"

# --- station settings --------------------------------------------------
cat > "$STATE_DIR/station.env" <<EOF
STATION=$STATION
BOARD=$BOARD
INTERVAL=$INTERVAL
HOT_DIR=$HOT_DIR
EOF
say "wrote $STATE_DIR/station.env"

# --- the poller itself -------------------------------------------------
cat > "$BIN_DIR/jobticket-poll" <<'POLLER'
#!/bin/sh
. "$HOME/.local/state/jobticket/station.env"
SEEN="$HOME/.local/state/jobticket/seen.txt"
touch "$SEEN"
while :; do
    list="$(wget -q -T 15 -O - "$BOARD/api/stations/$STATION/tickets?status=ready" 2>/dev/null || true)"
    for id in $(printf '%s\n' "$list" | tr -c '0-9A-Za-z_\n-' '\n' | grep -E '^JT[0-9]+$' | sort -u); do
        grep -qx "$id" "$SEEN" && continue
        if wget -q -T 30 -O "$HOT_DIR/$id.jdf.part" "$BOARD/api/tickets/$id.jdf"; then
            mv "$HOT_DIR/$id.jdf.part" "$HOT_DIR/$id.jdf"
            echo "$id" >> "$SEEN"
            logger -t jobticket "fetched $id for $STATION" 2>/dev/null || true
        else
            rm -f "$HOT_DIR/$id.jdf.part"
        fi
    done
    sleep "$INTERVAL"
done
POLLER
chmod 0755 "$BIN_DIR/jobticket-poll"
say "installed $BIN_DIR/jobticket-poll"

# --- start with the operator session -----------------------------------
AUTOSTART="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
mkdir -p "$AUTOSTART"
cat > "$AUTOSTART/jobticket-poller.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Job ticket poller
Comment=Pulls finishing tickets for station $STATION
Exec=$BIN_DIR/jobticket-poll
Terminal=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
X-GNOME-Autostart-Delay=20
EOF
say "session entry $AUTOSTART/jobticket-poller.desktop"

# --- kick it off now so the operator doesn't have to log out -----------
if pgrep -u "$(id -u)" -f "$BIN_DIR/jobticket-poll" >/dev/null 2>&1; then
    say "poller already running"
else
    nohup "$BIN_DIR/jobticket-poll" >"$STATE_DIR/poller.out" 2>&1 &
    say "poller started (pid $!)"
fi

say "station $STATION polling $BOARD every ${INTERVAL}s into $HOT_DIR"
