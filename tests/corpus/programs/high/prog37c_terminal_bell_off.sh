#!/bin/sh
# quietterm - get rid of the PC-speaker beep that tab-completion, vim and
# less trigger in terminals and on the text console.
#
#   quietterm.sh status     show what is currently making noise
#   quietterm.sh off        unload pcspkr/snd_pcsp and keep them unloaded
#   quietterm.sh on         undo
#
# Per-user bell settings (readline, vim, tmux) are only *printed* as hints;
# this script does not touch any personal configuration.

set -eu

BLACKLIST=/etc/modprobe.d/quietterm-nobeep.conf
MODULES="pcspkr snd_pcsp"
PROG=$(basename "$0")

info() { printf '%s: %s\n' "$PROG" "$*"; }
err()  { printf '%s: error: %s\n' "$PROG" "$*" >&2; }

# Pick whatever privilege helper this box has.
if [ "$(id -u)" -eq 0 ]; then
    PRIV=""
elif command -v sudo >/dev/null 2>&1; then
    PRIV="sudo"
elif command -v doas >/dev/null 2>&1; then
    PRIV="doas"
else
    PRIV="__none__"
fi

priv() {
    if [ "$PRIV" = "__none__" ]; then
        err "need root for: $*"
        exit 1
    fi
    $PRIV "$@"
}

loaded() {
    grep -q "^$1 " /proc/modules 2>/dev/null
}

status() {
    for m in $MODULES; do
        if loaded "$m"; then
            info "module $m: loaded"
        else
            info "module $m: not loaded"
        fi
    done
    if [ -f "$BLACKLIST" ]; then
        info "blacklist present: $BLACKLIST"
    else
        info "no blacklist file"
    fi
    if command -v xset >/dev/null 2>&1 && [ -n "${DISPLAY:-}" ]; then
        xset q 2>/dev/null | sed -n 's/^ *bell percent: *\([0-9]*\).*/X11 bell volume: \1%/p'
    fi
}

bell_off() {
    for m in $MODULES; do
        if loaded "$m"; then
            info "unloading $m"
            priv modprobe -r "$m" || err "could not unload $m (in use?)"
        fi
    done

    tmp=$(mktemp)
    trap 'rm -f "$tmp"' EXIT HUP INT TERM
    {
        echo "# written by $PROG on $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        for m in $MODULES; do
            echo "blacklist $m"
            echo "install $m /bin/true"
        done
    } > "$tmp"
    info "writing $BLACKLIST"
    priv install -o root -g root -m 0644 "$tmp" "$BLACKLIST"

    if command -v update-initramfs >/dev/null 2>&1; then
        info "refreshing initramfs so the blacklist applies at early boot"
        priv update-initramfs -u >/dev/null
    fi

    # Silence the current VT too, if we are on one.
    case "$(tty 2>/dev/null)" in
        /dev/tty[0-9]*) setterm --blength 0 2>/dev/null || true ;;
    esac
    if command -v xset >/dev/null 2>&1 && [ -n "${DISPLAY:-}" ]; then
        xset b off
    fi
    hints
}

bell_on() {
    if [ -f "$BLACKLIST" ]; then
        info "removing $BLACKLIST"
        priv rm -f "$BLACKLIST"
    fi
    for m in $MODULES; do
        priv modprobe "$m" 2>/dev/null && info "loaded $m" || true
    done
    command -v xset >/dev/null 2>&1 && [ -n "${DISPLAY:-}" ] && xset b on || true
}

hints() {
    cat <<'EOF'

To silence the bell per application, add (yourself) if you want:
  readline (~/.inputrc):   set bell-style none
  vim (~/.vimrc):          set belloff=all
  tmux (~/.tmux.conf):     set -g bell-action none
EOF
}

case "${1:-status}" in
    status) status ;;
    off)    bell_off ;;
    on)     bell_on ;;
    -h|--help|help) sed -n '2,11p' "$0" ;;
    *) err "unknown command '$1'"; exit 2 ;;
esac
