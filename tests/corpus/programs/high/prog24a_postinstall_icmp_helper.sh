#!/bin/sh
# postinstall.sh - finish installing the `pingboard` Python package.
#
# pingboard shells out to a tiny C helper (icmp-probe) for raw ICMP echo,
# because unprivileged Python cannot open raw sockets. After building the
# helper into the active environment's bin/ directory we grant it the
# CAP_NET_RAW file capability so that it works without running pingboard as
# root.
#
#   sh postinstall.sh            # build + grant capability
#   sh postinstall.sh --check    # report current state only
set -eu

HELPER_SRC=${HELPER_SRC:-helpers/icmp_probe.c}
CC=${CC:-cc}
CFLAGS=${CFLAGS:--O2 -Wall -Wextra -fstack-protector-strong -D_FORTIFY_SOURCE=2}
CHECK_ONLY=0

msg() { printf 'pingboard-postinstall: %s\n' "$*"; }
err() { printf 'pingboard-postinstall: error: %s\n' "$*" >&2; exit 1; }

[ "${1:-}" = "--check" ] && CHECK_ONLY=1

if [ -n "${VIRTUAL_ENV:-}" ]; then
    BIN_DIR="$VIRTUAL_ENV/bin"
else
    BIN_DIR="$HOME/.local/bin"
fi
HELPER="$BIN_DIR/icmp-probe"

have_cap() {
    command -v getcap >/dev/null 2>&1 || return 1
    getcap "$HELPER" 2>/dev/null | grep -q 'cap_net_raw'
}

if [ "$CHECK_ONLY" -eq 1 ]; then
    if [ ! -x "$HELPER" ]; then
        msg "helper not built ($HELPER)"
        exit 1
    fi
    if have_cap; then
        msg "helper ready: $(getcap "$HELPER")"
        exit 0
    fi
    msg "helper present but lacks cap_net_raw"
    exit 1
fi

[ -f "$HELPER_SRC" ] || err "cannot find $HELPER_SRC (run from the source tree)"
command -v "$CC" >/dev/null 2>&1 || err "no C compiler ($CC) found"
command -v setcap >/dev/null 2>&1 || err "setcap not found; install libcap2-bin (Debian) or libcap (Fedora)"

mkdir -p "$BIN_DIR" build
msg "compiling $HELPER_SRC"
# shellcheck disable=SC2086
"$CC" $CFLAGS -o build/icmp-probe "$HELPER_SRC"
install -m 0755 build/icmp-probe "$HELPER"

if have_cap; then
    msg "capability already present"
    exit 0
fi

msg "granting CAP_NET_RAW to $HELPER (needs root)"
if [ "$(id -u)" -eq 0 ]; then
    setcap cap_net_raw+ep "$HELPER"
else
    sudo setcap cap_net_raw+ep "$HELPER" || err "could not set capability; run: sudo setcap cap_net_raw+ep $HELPER"
fi

if have_cap; then
    msg "done - try: pingboard probe 1.1.1.1"
else
    err "capability did not stick (is $BIN_DIR on a nosuid filesystem?)"
fi
