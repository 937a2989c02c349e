#!/bin/sh
# default-apps-system: set the default browser, mail client, PDF viewer and
# image viewer for all users on this machine. Writes the system-wide
# /etc/xdg/mimeapps.list and updates the Debian alternatives.
set -eu

MIMEAPPS=/etc/xdg/mimeapps.list
BROWSER=firefox.desktop
MAILER=thunderbird.desktop
PDF=org.gnome.Evince.desktop
IMAGES=org.gnome.eog.desktop
DRY_RUN=0

usage() {
    cat <<EOF
usage: ${0##*/} [-b BROWSER.desktop] [-m MAIL.desktop] [-p PDF.desktop]
                [-i IMAGE.desktop] [-n]
EOF
}

while getopts "b:m:p:i:nh" opt; do
    case $opt in
        b) BROWSER=$OPTARG ;;
        m) MAILER=$OPTARG ;;
        p) PDF=$OPTARG ;;
        i) IMAGES=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
else
    SUDO="sudo"
fi

say() { printf '==> %s\n' "$*"; }

run() {
    say "$*"
    [ "$DRY_RUN" -eq 1 ] || "$@"
}

check_entry() {
    for dir in /usr/share/applications /usr/local/share/applications \
               /var/lib/flatpak/exports/share/applications; do
        [ -f "$dir/$1" ] && return 0
    done
    echo "warning: $1 not found in any applications directory" >&2
    return 1
}

for entry in "$BROWSER" "$MAILER" "$PDF" "$IMAGES"; do
    check_entry "$entry" || true
done

render() {
    echo "[Default Applications]"
    for t in x-scheme-handler/http x-scheme-handler/https text/html \
             application/xhtml+xml; do
        echo "$t=$BROWSER"
    done
    echo "x-scheme-handler/mailto=$MAILER"
    echo "application/pdf=$PDF"
    for t in image/png image/jpeg image/gif image/webp; do
        echo "$t=$IMAGES"
    done
}

if [ -f "$MIMEAPPS" ]; then
    run $SUDO cp -p "$MIMEAPPS" "$MIMEAPPS.$(date +%Y%m%d%H%M%S).bak"
fi

if [ "$DRY_RUN" -eq 1 ]; then
    render
else
    render | $SUDO tee "$MIMEAPPS" >/dev/null
    $SUDO chmod 0644 "$MIMEAPPS"
    say "wrote $MIMEAPPS"
fi

browser_bin=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "/usr/share/applications/$BROWSER" 2>/dev/null | head -n 1)
if [ -n "$browser_bin" ] && command -v update-alternatives >/dev/null 2>&1; then
    browser_path=$(command -v "$browser_bin" || true)
    if [ -n "$browser_path" ]; then
        run $SUDO update-alternatives --set x-www-browser "$browser_path" || \
            echo "note: $browser_path is not a registered x-www-browser alternative" >&2
    fi
fi

if command -v update-desktop-database >/dev/null 2>&1; then
    run $SUDO update-desktop-database /usr/share/applications
fi

say "done; users with their own ~/.config/mimeapps.list keep their choices"
