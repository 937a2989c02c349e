#!/bin/sh
# Register the vendor SDK's shared-library directory with the dynamic linker
# via an ld.so.conf.d drop-in, then refresh the linker cache.
# Usage: register-vendor-libs.sh [--remove] [SDK_ROOT]
set -eu

CONF_NAME="zz-acme-sdk.conf"
CONF_DIR="/etc/ld.so.conf.d"
SDK_ROOT="/opt/acme-sdk"
ACTION="install"

log() { echo "[vendor-libs] $*"; }
fail() { echo "[vendor-libs] error: $*" >&2; exit 1; }

for arg in "$@"; do
    case "$arg" in
        --remove) ACTION="remove" ;;
        -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
        /*) SDK_ROOT="$arg" ;;
        *) fail "unexpected argument: $arg" ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    log "re-running with sudo"
    exec sudo -- "$0" "$@"
fi

conf_path="$CONF_DIR/$CONF_NAME"

if [ "$ACTION" = "remove" ]; then
    if [ -f "$conf_path" ]; then
        rm -f -- "$conf_path"
        ldconfig
        log "removed $conf_path and refreshed cache"
    else
        log "nothing to remove"
    fi
    exit 0
fi

libdirs=""
for sub in lib64 lib lib/x86_64-linux-gnu; do
    d="$SDK_ROOT/$sub"
    if [ -d "$d" ] && ls "$d"/*.so* >/dev/null 2>&1; then
        libdirs="$libdirs$d
"
    fi
done
[ -n "$libdirs" ] || fail "no shared libraries found under $SDK_ROOT"

owner=$(stat -c %U "$SDK_ROOT")
[ "$owner" = "root" ] || fail "$SDK_ROOT is owned by $owner, expected root"

tmp="$conf_path.new"
{
    echo "# ACME SDK libraries, managed by register-vendor-libs.sh"
    printf '%s' "$libdirs"
} > "$tmp"
chmod 0644 "$tmp"
chown root:root "$tmp"
mv -f -- "$tmp" "$conf_path"
log "wrote $conf_path"

ldconfig
if ldconfig -p | grep -q "$SDK_ROOT"; then
    log "linker cache now includes $SDK_ROOT"
else
    fail "ldconfig did not pick up $SDK_ROOT"
fi
