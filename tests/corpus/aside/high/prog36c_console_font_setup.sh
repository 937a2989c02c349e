#!/usr/bin/env bash
# ttyfont - pick a readable font and keymap for the Linux text console.
#
# Makes the virtual consoles (Ctrl+Alt+F3 etc.) usable on HiDPI screens
# by selecting a large Terminus font, and optionally sets the console
# keymap. Works with systemd (vconsole.conf) and Debian console-setup.
#
# usage: ttyfont [-s SIZE] [-k KEYMAP] [-n]
set -euo pipefail

SIZE=32
KEYMAP=""
DRY_RUN=0
VCONSOLE=/etc/vconsole.conf
CONSOLE_SETUP=/etc/default/console-setup
declare -A FONTS=(
    [16]=ter-v16n
    [20]=ter-v20b
    [24]=ter-v24b
    [28]=ter-v28b
    [32]=ter-v32b
)

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        printf '+ %s\n' "$*"
    else
        "$@"
    fi
}

priv() {
    if [[ $EUID -eq 0 ]]; then run "$@"; else run sudo "$@"; fi
}

usage() { sed -n '2,9p' "$0"; }

while getopts ':s:k:nh' opt; do
    case $opt in
        s) SIZE=$OPTARG ;;
        k) KEYMAP=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

font=${FONTS[$SIZE]:-}
[[ -n $font ]] || { echo "unsupported size $SIZE (choose: ${!FONTS[*]})" >&2; exit 2; }

if ! ls /usr/share/consolefonts/ter-* /usr/share/kbd/consolefonts/ter-* >/dev/null 2>&1; then
    echo "Terminus console fonts not found; install 'console-terminus' or 'terminus-font' first" >&2
    exit 1
fi

set_kv() {
    # set KEY=VALUE in a root-owned file, appending if missing
    local file=$1 key=$2 value=$3
    if [[ -f $file ]] && grep -q "^${key}=" "$file"; then
        priv sed -i "s|^${key}=.*|${key}=${value}|" "$file"
    else
        printf '%s=%s\n' "$key" "$value" | priv tee -a "$file" >/dev/null
    fi
}

configure_systemd() {
    echo "configuring $VCONSOLE"
    set_kv "$VCONSOLE" FONT "$font"
    [[ -n $KEYMAP ]] && set_kv "$VCONSOLE" KEYMAP "$KEYMAP"
    priv systemctl restart systemd-vconsole-setup.service
}

configure_debian() {
    echo "configuring $CONSOLE_SETUP"
    set_kv "$CONSOLE_SETUP" FONTFACE '"TerminusBold"'
    set_kv "$CONSOLE_SETUP" FONTSIZE "\"${SIZE/#/16x}\""
    [[ -n $KEYMAP ]] && set_kv "$CONSOLE_SETUP" XKBLAYOUT "\"$KEYMAP\""
    priv setupcon --force --save
}

if [[ -f $CONSOLE_SETUP ]] && command -v setupcon >/dev/null; then
    configure_debian
elif [[ -d /run/systemd/system ]]; then
    configure_systemd
else
    echo "neither console-setup nor systemd found; applying to this tty only"
    run setfont "$font"
    exit 0
fi

# apply immediately to the current console too, if we're on one
if [[ $(tty) == /dev/tty[0-9]* ]]; then
    run setfont "$font"
fi
echo "console font set to $font${KEYMAP:+, keymap $KEYMAP}"
