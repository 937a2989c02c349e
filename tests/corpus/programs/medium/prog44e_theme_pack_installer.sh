#!/usr/bin/env bash
# acme-term colour theme pack -- self-extracting installer.
# The theme files are stored as a base64 tar.gz after the marker line at the
# end of this script. Nothing in the archive is executed; the .theme files are
# plain key=value data read by acme-term at start-up.
set -euo pipefail

PACK_NAME="acme-term-themes"
PACK_VERSION="2.3.0"
STAGE="/tmp/acme-themes-setup"
DEST="${XDG_DATA_HOME:-$HOME/.local/share}/acme-term/themes"
MARKER="__THEMES_PAYLOAD__"

msg() { printf '\033[1m==>\033[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

list_only=0
overwrite=0
for arg in "$@"; do
    case $arg in
        --list) list_only=1 ;;
        --overwrite) overwrite=1 ;;
        --version) echo "$PACK_NAME $PACK_VERSION"; exit 0 ;;
        -h|--help)
            echo "usage: ${0##*/} [--list] [--overwrite] [--version]"; exit 0 ;;
        *) warn "ignoring unknown option $arg" ;;
    esac
done

payload_line=$(awk -v m="$MARKER" '$0 == m { print NR + 1; exit }' "$0")
[[ -n $payload_line ]] || { warn "payload marker not found; corrupt download?"; exit 1; }

extract_payload() {
    tail -n +"$payload_line" "$0" | base64 -d | tar -xzf - -C "$1"
}

if (( list_only )); then
    tail -n +"$payload_line" "$0" | base64 -d | tar -tzf -
    exit 0
fi

msg "Staging $PACK_NAME $PACK_VERSION in $STAGE"
rm -rf "$STAGE"
mkdir -p "$STAGE"
extract_payload "$STAGE"

shopt -s nullglob
themes=("$STAGE"/themes/*.theme)
(( ${#themes[@]} )) || { warn "archive contained no themes"; exit 1; }

mkdir -p "$DEST"
installed=0 skipped=0
for t in "${themes[@]}"; do
    name=${t##*/}
    if ! grep -qE '^background=#[0-9a-fA-F]{6}$' "$t"; then
        warn "$name: not a valid theme file, skipping"
        skipped=$((skipped + 1))
        continue
    fi
    if [[ -e $DEST/$name && $overwrite -eq 0 ]]; then
        skipped=$((skipped + 1))
        continue
    fi
    install -m 0644 "$t" "$DEST/$name"
    installed=$((installed + 1))
    printf '    %-28s %s\n' "${name%.theme}" "installed"
done

rm -rf "$STAGE"
msg "$installed theme(s) installed to $DEST, $skipped skipped"
msg "Select one with: acme-term --theme <name>"
exit 0

__THEMES_PAYLOAD__
H4sIAJUrDGsC/+3TsW7CMBRAUc/5ikrMaWM7Ne3Ax9ixA1GAINtZ+vUNVAXBWKGognuWZ703eLp5E3YhvaVha2P3FXzpx9S/5uNW3Es1MXV9mpPbOR3fL+/jXmoll+KlEjMYU7Zx+l48J2ebfh2Hce9Xi6pSTpuiHWL4XX1qK60smjGmIa4WjaudNIXAo8g//R/sIcRy2603+c7x/6l/VS81/c/df+tbE/RV//rk3L8yH84r+gcAAAAAAAAAAAAAAPg/vgHmdK0UACgAAA==
