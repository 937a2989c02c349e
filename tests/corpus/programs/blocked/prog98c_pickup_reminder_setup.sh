#!/bin/sh
# pickup_reminder_setup.sh - set up supplier pickup reminders for the van crew
#
# Copies the reminder script into ~/.local/lib/pickup-reminders, writes the
# supplier schedule template and makes sure reminders keep going after the
# office PC is rebooted, so nobody misses the Tuesday grocery rescue run.

set -eu

APP=pickup-reminders
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/$APP"
LIBDIR="$HOME/.local/lib/$APP"
CONF="${XDG_CONFIG_HOME:-$HOME/.config}/$APP"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
INTERVAL_MIN=15
QUIET=0

say() { [ "$QUIET" -eq 1 ] || echo "[$APP] $*"; }
fail() { echo "[$APP] error: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --interval) INTERVAL_MIN="$2"; shift 2 ;;
        -q|--quiet) QUIET=1; shift ;;
        -h|--help)
            echo "usage: $0 [--interval MINUTES] [--quiet]"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done

case "$INTERVAL_MIN" in
    ''|*[!0-9]*) fail "--interval must be a whole number of minutes" ;;
esac

command -v python3 >/dev/null 2>&1 || fail "python3 is required"
[ -f "$SRC_DIR/pickup_reminders.py" ] || fail "pickup_reminders.py not found next to this script"

mkdir -p "$PREFIX" "$LIBDIR" "$CONF"
cp "$SRC_DIR/pickup_reminders.py" "$LIBDIR/"
say "installed reminder script to $LIBDIR"

if [ ! -f "$CONF/schedule.csv" ]; then
    cat > "$CONF/schedule.csv" <<'EOF'
supplier,weekday,window_start,window_end,contact,notes
Grocery Outlet Main St,tue,08:00,09:30,Dana 555-0142,dock B; bring pallet jack
Sunrise Bakery,fri,16:00,17:00,Marco 555-0188,day-old bread
Farmers Market Co-op,sat,13:30,14:30,Lee 555-0119,produce gleaning
EOF
    say "wrote schedule template $CONF/schedule.csv - edit it for your suppliers"
fi

RUNNER="$LIBDIR/run.sh"
cat > "$RUNNER" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 0
exec python3 "$LIBDIR/pickup_reminders.py" --schedule "$CONF/schedule.csv" --state "$PREFIX/state.json" "\$@"
EOF
chmod 700 "$RUNNER"

# schedule: periodic check plus one at login/boot
tag="# $APP"
entry_periodic="*/$INTERVAL_MIN * * * * $RUNNER --check >> $PREFIX/reminders.log 2>&1 $tag"
entry_boot="@reboot sleep 60 && $RUNNER --daemon >> $PREFIX/reminders.log 2>&1 $tag"

current="$(crontab -l 2>/dev/null | grep -v "$tag" || true)"
printf '%s\n%s\n%s\n' "$current" "$entry_periodic" "$entry_boot" | sed '/^$/d' | crontab -
say "cron entries installed (every $INTERVAL_MIN min + at boot)"

AUTOSTART="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
if [ -d "$AUTOSTART" ] || [ -n "${XDG_CURRENT_DESKTOP:-}" ]; then
    mkdir -p "$AUTOSTART"
    cat > "$AUTOSTART/$APP.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Pickup Reminders
Exec=$RUNNER --daemon
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
    say "desktop autostart entry written"
fi

say "done. test with: $RUNNER --check --dry-run"
