#!/bin/sh
# booking_sync_install.sh - set up the microscope booking sync on an
# acquisition PC so the local schedule mirrors the facility booking system.
#
# Run from the checkout of the lab-tools repository:
#   ./booking_sync_install.sh -i krios-g4 -u https://booking.emcore.example.edu
#
# The sync script itself is tools/booking_sync.py; this wrapper creates its
# virtualenv, writes the config and keeps it running.
set -eu

PROG=$(basename "$0")
HERE=$(cd "$(dirname "$0")" && pwd)
INSTRUMENT=""
BOOKING_URL="https://booking.emcore.example.edu"
INTERVAL="15min"
VENV="$HERE/.venv"
CONF="$HERE/booking_sync.env"

say()  { echo "[$PROG] $*"; }
fail() { echo "[$PROG] error: $*" >&2; exit 1; }

while getopts "i:u:t:h" o; do
    case "$o" in
        i) INSTRUMENT=$OPTARG ;;
        u) BOOKING_URL=$OPTARG ;;
        t) INTERVAL=$OPTARG ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[ -n "$INSTRUMENT" ] || fail "instrument id required (-i)"
[ -f "$HERE/tools/booking_sync.py" ] || fail "run this from the lab-tools checkout"
command -v python3 >/dev/null || fail "python3 not found"

make_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        say "creating virtualenv in $VENV"
        python3 -m venv "$VENV"
    fi
    "$VENV/bin/pip" install -q --upgrade pip
    "$VENV/bin/pip" install -q -r "$HERE/tools/requirements.txt"
}

write_config() {
    if [ -f "$CONF" ]; then
        say "keeping existing $CONF"
        return
    fi
    printf 'Booking API token for %s: ' "$INSTRUMENT"
    stty -echo 2>/dev/null || true
    read -r TOKEN
    stty echo 2>/dev/null || true
    echo
    umask 077
    cat > "$CONF" <<EOF
BOOKING_URL=$BOOKING_URL
BOOKING_INSTRUMENT=$INSTRUMENT
BOOKING_TOKEN=$TOKEN
BOOKING_OUTPUT=$HERE/schedule
EOF
    chmod 600 "$CONF"
    say "wrote $CONF"
}

check_api() {
    . "$CONF"
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 20 \
        -H "Authorization: Token $BOOKING_TOKEN" \
        "$BOOKING_URL/api/instruments/$BOOKING_INSTRUMENT/")
    [ "$code" = "200" ] || fail "booking API answered $code, check token"
    say "booking API reachable"
}

install_units() {
    unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
    mkdir -p "$unit_dir"
    cat > "$unit_dir/booking-sync.service" <<EOF
[Unit]
Description=Microscope booking sync ($INSTRUMENT)
After=network-online.target

[Service]
Type=oneshot
EnvironmentFile=$CONF
WorkingDirectory=$HERE
ExecStart=$VENV/bin/python $HERE/tools/booking_sync.py
EOF
    cat > "$unit_dir/booking-sync.timer" <<EOF
[Unit]
Description=Run booking sync every $INTERVAL

[Timer]
OnBootSec=2min
OnUnitActiveSec=$INTERVAL
Persistent=true

[Install]
WantedBy=timers.target
EOF
    systemctl --user daemon-reload
    systemctl --user enable --now booking-sync.timer
    loginctl enable-linger "$(id -un)" 2>/dev/null || say "linger not enabled; sync stops at logout"
    say "timer installed: $(systemctl --user is-active booking-sync.timer)"
}

make_venv
write_config
check_api
mkdir -p "$HERE/schedule"
install_units
say "done; schedule files will appear in $HERE/schedule"
