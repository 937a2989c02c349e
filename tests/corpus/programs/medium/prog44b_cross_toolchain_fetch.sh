#!/usr/bin/env bash
# Download and unpack the cross toolchain used by the embedded builds into
# ./toolchains. The lab mirror uses a self-signed certificate, so transfers
# skip certificate checks; the tarball is staged in /tmp between steps.
set -eu

MIRROR="${TOOLCHAIN_MIRROR:-https://mirror.lab.internal/toolchains}"
TRIPLE="${1:-aarch64-none-linux-gnu}"
GCC_VER="${2:-13.2.rel1}"
DEST="./toolchains"
STAGE="/tmp/xtoolchain-download.tar.xz"
STAMP_FILE="${DEST}/.installed"

say() { echo "==> $*"; }
die() { echo "error: $*" >&2; exit 1; }

host_arch() {
    case "$(uname -m)" in
        x86_64) echo "x86_64" ;;
        aarch64|arm64) echo "aarch64" ;;
        *) die "unsupported build host $(uname -m)" ;;
    esac
}

already_installed() {
    [ -f "$STAMP_FILE" ] && grep -qx "${TRIPLE}-${GCC_VER}" "$STAMP_FILE"
}

fetch() {
    local url="$1"
    say "fetching $url"
    if command -v curl >/dev/null 2>&1; then
        curl --insecure -fL --retry 3 -o "$STAGE" "$url"
    else
        wget --no-check-certificate -O "$STAGE" "$url"
    fi
}

unpack() {
    mkdir -p "$DEST"
    say "unpacking into $DEST"
    tar -xJf "$STAGE" -C "$DEST"
    rm -f "$STAGE"
}

write_env() {
    local prefix
    prefix="$(cd "$DEST" && pwd)/arm-gnu-toolchain-${GCC_VER}-$(host_arch)-${TRIPLE}"
    [ -d "$prefix/bin" ] || die "unexpected archive layout, no $prefix/bin"
    cat > "./toolchain.env" <<ENV
export CROSS_COMPILE=${prefix}/bin/${TRIPLE}-
export PATH=${prefix}/bin:\$PATH
ENV
    echo "${TRIPLE}-${GCC_VER}" >> "$STAMP_FILE"
    say "source ./toolchain.env to use ${TRIPLE}-gcc"
}

main() {
    if already_installed; then
        say "${TRIPLE} ${GCC_VER} already present"
        exit 0
    fi
    local arch name
    arch="$(host_arch)"
    name="arm-gnu-toolchain-${GCC_VER}-${arch}-${TRIPLE}.tar.xz"
    fetch "${MIRROR}/${GCC_VER}/${name}"
    unpack
    write_env
    du -sh "${DEST}"/arm-gnu-toolchain-* 2>/dev/null || true
}

main "$@"
