#!/bin/sh
# kiosk_autostart_setup.sh - make the signage player come back on its own.
#
# Registers the player with the desktop session of the kiosk account and adds
# a watchdog that restarts it after power cuts, so venues do not have to call
# us when the breaker trips. Run once as the kiosk user after provisioning.
#
#   kiosk_autostart_setup.sh [--player PATH] [--interval MINUTES] [--remove]

set -eu

PLAYER="${SIGNAGE_PLAYER:-$HOME/signage/bin/player}"
WATCHDOG="$HOME/signage/bin/watchdog.sh"
INTERVAL=5
MODE=install
TAG="# signage-watchdog"
AUTOSTART_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
DESKTOP_FILE="$AUTOSTART_DIR/signage-player.desktop"

say() { echo "[autostart] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --player) PLAYER="$2"; shift 2 ;;
        --interval) INTERVAL="$2"; shift 2 ;;
        --remove) MODE=remove; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

case "$INTERVAL" in ''|*[!0-9]*) echo "interval must be minutes" >&2; exit 2 ;; esac

write_watchdog() {
    mkdir -p "$(dirname "$WATCHDOG")"
    cat > "$WATCHDOG" <<EOF
#!/bin/sh
# restart the player if it is not running
pgrep -u "\$(id -u)" -f "$PLAYER" >/dev/null 2>&1 && exit 0
DISPLAY=\${DISPLAY:-:0} nohup "$PLAYER" --fullscreen >>"$HOME/signage/player.log" 2>&1 &
EOF
    chmod 0755 "$WATCHDOG"
}

write_desktop_entry() {
    mkdir -p "$AUTOSTART_DIR"
    python3 -c '
import configparser, sys
cp = configparser.ConfigParser(interpolation=None)
cp.optionxform = str
cp["Desktop Entry"] = {
    "Type": "Application",
    "Name": "Signage Player",
    "Exec": sys.argv[2] + " --fullscreen",
    "X-GNOME-Autostart-enabled": "true",
    "NoDisplay": "true",
}
with open(sys.argv[1], "w") as fh:
    cp.write(fh, space_around_delimiters=False)
' "$DESKTOP_FILE" "$PLAYER"
}

current_cron() {
    crontab -l 2>/dev/null | grep -v "$TAG" || true
}

install_cron() {
    {
        current_cron
        echo "@reboot sleep 60 && $WATCHDOG $TAG"
        echo "*/$INTERVAL * * * * $WATCHDOG $TAG"
    } | crontab -
}

remove_all() {
    current_cron | crontab -
    rm -f "$DESKTOP_FILE" "$WATCHDOG"
    say "removed autostart entries"
}

if [ "$MODE" = remove ]; then
    remove_all
    exit 0
fi

[ -x "$PLAYER" ] || say "warning: $PLAYER is not executable yet"
write_watchdog
write_desktop_entry
install_cron
say "desktop entry: $DESKTOP_FILE"
say "watchdog every $INTERVAL min and at boot:"
crontab -l | grep "$TAG" | sed 's/^/    /'
