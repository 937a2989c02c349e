#!/bin/sh
# Apply an accessibility input profile system-wide: sticky keys / slow keys
# XKB options and touchpad tapping for the lab's shared kiosk accounts.
# Takes the snippet produced by the profile renderer (out/40-a11y-input.conf),
# installs it into Xorg's config directory with a graphical auth prompt,
# and keeps one backup of the previous version.

set -eu

SRC="${1:-out/40-a11y-input.conf}"
CONF_DIR=/etc/X11/xorg.conf.d
DEST="$CONF_DIR/40-a11y-input.conf"
BACKUP="$DEST.bak"
ELEVATE="pkexec"

die() { echo "a11y-apply: $*" >&2; exit 1; }
info() { echo "a11y-apply: $*"; }

[ -f "$SRC" ] || die "no rendered profile at $SRC (run the renderer first)"

validate() {
    # a very small sanity check: balanced Section/EndSection, known keys only
    opened=$(grep -c '^Section "InputClass"' "$1" || true)
    closed=$(grep -c '^EndSection' "$1" || true)
    [ "$opened" -gt 0 ] || die "no InputClass section in $1"
    [ "$opened" -eq "$closed" ] || die "unbalanced sections in $1"
    if grep -Ev '^(Section|EndSection|[[:space:]]+(Identifier|MatchIs[A-Za-z]+|Driver|Option) |$|#)' "$1"; then
        die "unexpected lines above in $1"
    fi
}

need_change() {
    [ ! -f "$DEST" ] && return 0
    ! cmp -s "$SRC" "$DEST"
}

apply_now() {
    # setxkbmap only affects the running session; the Xorg file covers the rest
    opts=$(sed -n 's/.*Option "XkbOptions" "\(.*\)".*/\1/p' "$SRC" | head -n1)
    if [ -n "${DISPLAY:-}" ] && [ -n "$opts" ]; then
        setxkbmap -option "" -option "$opts" && info "applied to current session: $opts"
    fi
}

command -v "$ELEVATE" >/dev/null 2>&1 || ELEVATE="sudo"

validate "$SRC"

if ! need_change; then
    info "system profile already matches $SRC"
    apply_now
    exit 0
fi

info "installing $SRC -> $DEST (authentication required)"
script=$(cat <<EOS
set -e
mkdir -p '$CONF_DIR'
if [ -f '$DEST' ]; then cp -p '$DEST' '$BACKUP'; fi
install -m 0644 -o root -g root '$PWD/$SRC' '$DEST'
EOS
)
if ! $ELEVATE /bin/sh -c "$script"; then
    die "installation cancelled or failed"
fi

info "installed; previous version kept at $BACKUP"
apply_now
info "log out and back in (or restart the display manager) for touchpad changes"
