#!/usr/bin/env bash
# Install the native runtime some server-side mods need (LuaJIT bindings and
# the Steamworks SDK redistributable) from the vendored ./vendor directory
# into /usr/local and register the path with the dynamic linker.
set -euo pipefail

PREFIX="/usr/local/lib/gamehost"
LDCONF="/etc/ld.so.conf.d/gamehost-mods.conf"
VENDOR_DIR="${VENDOR_DIR:-./vendor}"
ARCH="$(uname -m)"
LIBS=(libluajit-5.1.so.2 libsteam_api.so steamclient.so)

msg() { printf '[native-runtime] %s\n' "$*"; }
fail() { msg "error: $*" >&2; exit 1; }

need_cmd() {
    command -v "$1" >/dev/null 2>&1 || fail "required command '$1' not found"
}

verify_vendor() {
    local sums="$VENDOR_DIR/$ARCH/SHA256SUMS"
    [[ -f "$sums" ]] || fail "no checksum list for $ARCH in $VENDOR_DIR"
    ( cd "$VENDOR_DIR/$ARCH" && sha256sum --quiet -c SHA256SUMS ) \
        || fail "vendored libraries failed checksum verification"
}

install_libs() {
    sudo install -d -m 0755 -o root -g root "$PREFIX"
    for lib in "${LIBS[@]}"; do
        local src="$VENDOR_DIR/$ARCH/$lib"
        [[ -f "$src" ]] || fail "missing $src"
        sudo install -m 0755 -o root -g root "$src" "$PREFIX/$lib"
        msg "installed $PREFIX/$lib"
    done
    # LuaJIT bindings look for the unversioned name
    sudo ln -sf "$PREFIX/libluajit-5.1.so.2" "$PREFIX/libluajit-5.1.so"
}

register_linker_path() {
    if [[ -f "$LDCONF" ]] && grep -qx "$PREFIX" "$LDCONF"; then
        msg "linker path already registered"
    else
        echo "$PREFIX" | sudo tee "$LDCONF" >/dev/null
        sudo chmod 0644 "$LDCONF"
        msg "wrote $LDCONF"
    fi
    sudo ldconfig
    for lib in "${LIBS[@]}"; do
        ldconfig -p | grep -q "$lib" || msg "warning: $lib not visible in ld cache"
    done
}

uninstall() {
    sudo rm -f "$LDCONF"
    sudo rm -rf -- "$PREFIX"
    sudo ldconfig
    msg "removed native runtime"
}

need_cmd sha256sum
need_cmd install
case "${1:-install}" in
    install)
        verify_vendor
        install_libs
        register_linker_path
        msg "done; restart the game server to pick up the libraries"
        ;;
    uninstall)
        uninstall
        ;;
    check)
        for lib in "${LIBS[@]}"; do
            if [[ -f "$PREFIX/$lib" ]]; then msg "ok      $lib"; else msg "missing $lib"; fi
        done
        ;;
    *)
        fail "usage: $0 [install|uninstall|check]"
        ;;
esac
