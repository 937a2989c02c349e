#!/usr/bin/env bash
# booking_kiosk_setup.sh - set up the walk-in table booking kiosk
#
# For the Raspberry Pi by the cafe door. Creates a venv with the kiosk app,
# writes its settings, and makes sure the kiosk screen and the booking sync
# come back on their own after the Pi is power-cycled by the staff at
# closing time.
#
# usage: booking_kiosk_setup.sh -v VENUE_ID [-d DIR] [-u KIOSK_URL]
set -euo pipefail

KIOSK_DIR="$HOME/booking-kiosk"
VENUE=""
KIOSK_URL="http://localhost:8088/"
SYNC_EVERY=10
APP_REPO_URL="https://git.boardgamecafe.example/tools/booking-kiosk/archive/main.tar.gz"

info() { echo "==> $*"; }
warn() { echo "!!  $*" >&2; }

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }

while getopts ":v:d:u:h" o; do
    case $o in
        v) VENUE=$OPTARG ;;
        d) KIOSK_DIR=$OPTARG ;;
        u) KIOSK_URL=$OPTARG ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
[[ -n $VENUE ]] || { warn "venue id is required"; usage 1; }

info "installing kiosk app into $KIOSK_DIR"
mkdir -p "$KIOSK_DIR"/{app,logs}
if [[ ! -f $KIOSK_DIR/app/kiosk.py ]]; then
    curl -fsSL "$APP_REPO_URL" | tar -xz -C "$KIOSK_DIR/app" --strip-components=1
fi
python3 -m venv "$KIOSK_DIR/venv"
"$KIOSK_DIR/venv/bin/pip" install --quiet --upgrade pip
"$KIOSK_DIR/venv/bin/pip" install --quiet -r "$KIOSK_DIR/app/requirements.txt"

info "writing settings"
cat > "$KIOSK_DIR/kiosk.env" <<EOF
VENUE_ID=$VENUE
KIOSK_PORT=8088
BOOKING_DB=$KIOSK_DIR/bookings.sqlite
LOG_DIR=$KIOSK_DIR/logs
EOF
chmod 600 "$KIOSK_DIR/kiosk.env"

cat > "$KIOSK_DIR/start.sh" <<EOF
#!/bin/sh
set -a; . "$KIOSK_DIR/kiosk.env"; set +a
cd "$KIOSK_DIR/app"
exec "$KIOSK_DIR/venv/bin/python" kiosk.py >>"$KIOSK_DIR/logs/kiosk.log" 2>&1
EOF
cat > "$KIOSK_DIR/sync.sh" <<EOF
#!/bin/sh
set -a; . "$KIOSK_DIR/kiosk.env"; set +a
cd "$KIOSK_DIR/app"
exec "$KIOSK_DIR/venv/bin/python" sync_bookings.py >>"$KIOSK_DIR/logs/sync.log" 2>&1
EOF
chmod 700 "$KIOSK_DIR/start.sh" "$KIOSK_DIR/sync.sh"

info "registering start-up jobs"
autostart_dir="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
mkdir -p "$autostart_dir"
browser=$(command -v chromium-browser || command -v chromium || echo chromium)
cat > "$autostart_dir/booking-kiosk.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Booking Kiosk
Exec=sh -c 'sleep 8; $browser --kiosk --noerrdialogs --disable-infobars $KIOSK_URL'
X-GNOME-Autostart-enabled=true
EOF

marker="# booking-kiosk"
current_tab=$(crontab -l 2>/dev/null | grep -v "$marker" || true)
{
    [[ -n $current_tab ]] && printf '%s\n' "$current_tab"
    echo "@reboot $KIOSK_DIR/start.sh $marker"
    echo "*/$SYNC_EVERY * * * * $KIOSK_DIR/sync.sh $marker"
} | crontab -

if crontab -l | grep -q "$marker"; then
    info "start-up jobs registered"
else
    warn "could not register start-up jobs"
fi

info "starting kiosk now"
nohup "$KIOSK_DIR/start.sh" >/dev/null 2>&1 &
info "done - reboot the Pi to check the kiosk comes up by itself"
