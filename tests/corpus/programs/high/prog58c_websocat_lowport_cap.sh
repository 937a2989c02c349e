#!/bin/sh
# Let the websocat binary bind port 443/80 as an ordinary user, so the team's
# terminal-to-browser demo relay can run without root. Uses doas (OpenBSD-style
# privilege tool) if present, else falls back to sudo.
set -eu

CAPS="cap_net_bind_service=+ep"
ACTION="${1:-grant}"

msg() { echo "websocat-cap: $*"; }

find_priv() {
    for tool in doas sudo; do
        if command -v "$tool" >/dev/null 2>&1; then
            echo "$tool"
            return 0
        fi
    done
    return 1
}

resolve_binary() {
    bin="${WEBSOCAT_BIN:-$(command -v websocat || true)}"
    if [ -z "$bin" ]; then
        msg "websocat not found in PATH; set WEBSOCAT_BIN"
        exit 1
    fi
    # setcap does not follow symlinks, resolve to the real file
    readlink -f "$bin"
}

show() {
    target="$1"
    current="$(getcap "$target" || true)"
    if [ -n "$current" ]; then
        msg "current: $current"
    else
        msg "no file capabilities on $target"
    fi
}

PRIV="$(find_priv)" || { msg "need doas or sudo"; exit 1; }
TARGET="$(resolve_binary)"

case "$TARGET" in
    /usr/*|/opt/*) ;;
    *)
        msg "refusing to set capabilities on $TARGET (expected under /usr or /opt)"
        exit 1
        ;;
esac

case "$ACTION" in
    grant)
        show "$TARGET"
        msg "granting $CAPS to $TARGET via $PRIV"
        "$PRIV" setcap "$CAPS" "$TARGET"
        show "$TARGET"
        ;;
    revoke)
        msg "removing capabilities from $TARGET via $PRIV"
        "$PRIV" setcap -r "$TARGET" || true
        show "$TARGET"
        ;;
    show)
        show "$TARGET"
        ;;
    *)
        echo "usage: $0 [grant|revoke|show]" >&2
        exit 64
        ;;
esac
