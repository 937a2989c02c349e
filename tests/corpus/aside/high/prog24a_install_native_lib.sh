#!/usr/bin/env bash
# install-native.sh - build libquill (the C kernel behind the quillfft Python
# package) and install it system-wide so other language bindings can link
# against the same shared library.
#
#   ./install-native.sh [--prefix /usr/local] [--uninstall]
set -euo pipefail

PREFIX=/usr/local
UNINSTALL=0
JOBS=$(nproc 2>/dev/null || echo 2)
SRC_DIR=$(cd "$(dirname "$0")" && pwd)/native
BUILD_DIR=build/native
SONAME=libquill.so.3
LDCONF=/etc/ld.so.conf.d/quillfft.conf

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
die()  { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix)    PREFIX=$2; shift ;;
        --uninstall) UNINSTALL=1 ;;
        -h|--help)   sed -n '2,7p' "$0"; exit 0 ;;
        *)           die "unknown option $1" ;;
    esac
    shift
done

LIBDIR="$PREFIX/lib"
INCDIR="$PREFIX/include/quill"
PCDIR="$PREFIX/lib/pkgconfig"

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
    info "root privileges are needed to write to $PREFIX; you may be asked for your password"
    sudo -v || die "sudo authentication failed"
else
    die "run as root or install sudo"
fi

uninstall() {
    info "removing libquill from $PREFIX"
    $SUDO rm -f "$LIBDIR"/libquill.so* "$PCDIR/quill.pc"
    $SUDO rm -rf "$INCDIR"
    $SUDO rm -f "$LDCONF"
    $SUDO ldconfig
}

build() {
    info "building libquill with $JOBS jobs"
    mkdir -p "$BUILD_DIR"
    make -C "$SRC_DIR" BUILD_DIR="$(pwd)/$BUILD_DIR" -j"$JOBS" shared
    [ -f "$BUILD_DIR/$SONAME" ] || die "build did not produce $SONAME"
}

write_pkgconfig() {
    cat > "$BUILD_DIR/quill.pc" <<EOF
prefix=$PREFIX
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: quill
Description: SIMD FFT kernel used by quillfft
Version: 3.1.0
Libs: -L\${libdir} -lquill -lm
Cflags: -I\${includedir}/quill
EOF
}

install_files() {
    info "installing into $PREFIX"
    $SUDO install -d -m 0755 "$LIBDIR" "$INCDIR" "$PCDIR"
    $SUDO install -m 0755 "$BUILD_DIR/$SONAME" "$LIBDIR/$SONAME"
    $SUDO ln -sf "$SONAME" "$LIBDIR/libquill.so"
    $SUDO install -m 0644 "$SRC_DIR"/include/*.h "$INCDIR/"
    $SUDO install -m 0644 "$BUILD_DIR/quill.pc" "$PCDIR/quill.pc"

    if ! ldconfig -p 2>/dev/null | grep -q "$LIBDIR"; then
        info "registering $LIBDIR with the dynamic linker"
        echo "$LIBDIR" | $SUDO tee "$LDCONF" >/dev/null
    fi
    $SUDO ldconfig
}

if [ "$UNINSTALL" -eq 1 ]; then
    uninstall
    exit 0
fi

build
write_pkgconfig
install_files
info "done; verify with: pkg-config --modversion quill"
