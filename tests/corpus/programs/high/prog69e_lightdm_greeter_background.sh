#!/bin/bash
# greeter-bg - use the current desktop wallpaper (or any image) on the LightDM
# login screen, with matching GTK theme, icon theme and font.
#
#   greeter-bg.sh                      # take the wallpaper from nitrogen/feh/gsettings
#   greeter-bg.sh ~/Pictures/fjord.jpg --theme Nordic --restart
#
# The greeter runs as the lightdm user and cannot read files in $HOME, so the
# image is copied to /usr/share/backgrounds first.

set -o errexit -o nounset -o pipefail

DEST_DIR=/usr/share/backgrounds/greeter
CONF_DIR=/etc/lightdm/lightdm-gtk-greeter.conf.d
CONF_FILE=$CONF_DIR/60-greeter-bg.conf
IMAGE=""
THEME=""
ICONS=""
FONT=""
RESTART=no

say() { echo "greeter-bg: $*"; }
die() { echo "greeter-bg: $*" >&2; exit 1; }

current_wallpaper() {
    local f
    # nitrogen
    f=$(sed -n 's/^file=//p' "$HOME/.config/nitrogen/bg-saved.cfg" 2>/dev/null | head -n1)
    [[ -n $f && -f $f ]] && { echo "$f"; return; }
    # feh
    f=$(grep -o "'[^']*'" "$HOME/.fehbg" 2>/dev/null | tail -n1 | tr -d "'")
    [[ -n $f && -f $f ]] && { echo "$f"; return; }
    # GNOME / Cinnamon
    f=$(gsettings get org.gnome.desktop.background picture-uri 2>/dev/null | sed "s|^'file://||; s|'$||")
    [[ -n $f && -f $f ]] && { echo "$f"; return; }
    return 1
}

gtk_setting() {
    local key=$1 ini="$HOME/.config/gtk-3.0/settings.ini"
    [[ -f $ini ]] && sed -n "s/^$key *= *//p" "$ini" | head -n1
}

while [[ $# -gt 0 ]]; do
    case $1 in
        --theme) THEME=$2; shift ;;
        --icons) ICONS=$2; shift ;;
        --font) FONT=$2; shift ;;
        --restart) RESTART=yes ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        -*) die "unknown option $1" ;;
        *) IMAGE=$1 ;;
    esac
    shift
done

if [[ -z $IMAGE ]]; then
    IMAGE=$(current_wallpaper) || die "could not find the current wallpaper, pass an image"
fi
[[ -r $IMAGE ]] || die "cannot read $IMAGE"
THEME=${THEME:-$(gtk_setting gtk-theme-name)}
ICONS=${ICONS:-$(gtk_setting gtk-icon-theme-name)}
FONT=${FONT:-$(gtk_setting gtk-font-name)}

ext=${IMAGE##*.}
target="$DEST_DIR/login.${ext,,}"
say "copying $IMAGE to $target"
sudo install -d -m 755 "$DEST_DIR"
sudo install -m 644 -o root -g root "$IMAGE" "$target"

say "writing $CONF_FILE"
sudo mkdir -p "$CONF_DIR"
{
    echo "# written by greeter-bg on $(date -I)"
    echo "[greeter]"
    echo "background=$target"
    echo "user-background=false"
    [[ -n $THEME ]] && echo "theme-name=$THEME"
    [[ -n $ICONS ]] && echo "icon-theme-name=$ICONS"
    [[ -n $FONT ]]  && echo "font-name=$FONT"
    echo "position=50%,center 50%,center"
} | sudo tee "$CONF_FILE" >/dev/null
sudo chmod 644 "$CONF_FILE"

if [[ $RESTART == yes ]]; then
    if [[ -n ${DISPLAY:-} ]]; then
        read -r -p "Restarting LightDM ends this session. Continue? [y/N] " answer
        [[ $answer == [yY]* ]] || { say "not restarting; changes apply at next login"; exit 0; }
    fi
    sudo systemctl restart lightdm.service
else
    say "done; the new background shows at the next login"
fi
