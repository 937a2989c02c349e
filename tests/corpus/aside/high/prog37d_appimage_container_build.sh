#!/usr/bin/env bash
# Build the Lumen Notes AppImage inside the pinned builder image so the
# bundled glibc baseline stays at the oldest supported distribution.
#
# appimagetool needs FUSE and loop devices, and the nested "runtime
# smoke test" step starts sibling containers, so the builder runs
# privileged with the host docker socket mounted.
#
# usage: build-appimage.sh [--arch x86_64|aarch64] [--no-smoke] [--keep]

set -euo pipefail

BUILDER_IMAGE="${BUILDER_IMAGE:-ghcr.io/lumen-notes/appimage-builder:focal-2024.06}"
ARCH="x86_64"
SMOKE=1
KEEP=0
SRC_DIR="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
OUT_DIR="$SRC_DIR/dist"
VERSION="$(git -C "$SRC_DIR" describe --tags --always 2>/dev/null || echo 0.0.0-dev)"
CONTAINER="lumen-appimage-$$"

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }

cleanup() {
    if (( ! KEEP )); then
        docker rm -f "$CONTAINER" >/dev/null 2>&1 || true
    fi
}
trap cleanup EXIT

while (( $# )); do
    case "$1" in
        --arch) ARCH="$2"; shift 2 ;;
        --no-smoke) SMOKE=0; shift ;;
        --keep) KEEP=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

case "$ARCH" in
    x86_64) PLATFORM=linux/amd64 ;;
    aarch64) PLATFORM=linux/arm64 ;;
    *) echo "unsupported arch $ARCH" >&2; exit 2 ;;
esac

command -v docker >/dev/null || { echo "docker is required" >&2; exit 1; }
docker info >/dev/null 2>&1 || { echo "cannot talk to the docker daemon" >&2; exit 1; }

mkdir -p "$OUT_DIR"
log "pulling $BUILDER_IMAGE ($PLATFORM)"
docker pull --quiet --platform "$PLATFORM" "$BUILDER_IMAGE" >/dev/null

log "building Lumen Notes $VERSION for $ARCH"
docker run --name "$CONTAINER" \
    --platform "$PLATFORM" \
    --privileged \
    --device /dev/fuse \
    -v /var/run/docker.sock:/var/run/docker.sock \
    -v "$SRC_DIR":/src:ro \
    -v "$OUT_DIR":/out \
    -e LUMEN_VERSION="$VERSION" \
    -e TARGET_ARCH="$ARCH" \
    -e RUN_SMOKE="$SMOKE" \
    -e HOST_UID="$(id -u)" -e HOST_GID="$(id -g)" \
    "$BUILDER_IMAGE" \
    bash -euo pipefail -c '
        cp -a /src /build && cd /build
        cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr
        cmake --build build --parallel "$(nproc)"
        DESTDIR=/build/AppDir cmake --install build
        linuxdeploy --appdir AppDir \
            --desktop-file packaging/lumen-notes.desktop \
            --icon-file packaging/icons/256/lumen-notes.png \
            --plugin qt
        ARCH="$TARGET_ARCH" appimagetool AppDir "/out/LumenNotes-${LUMEN_VERSION}-${TARGET_ARCH}.AppImage"
        if [ "$RUN_SMOKE" = 1 ]; then
            for distro in ubuntu:20.04 debian:12 fedora:40; do
                docker run --rm -v /out:/out:ro --device /dev/fuse --cap-add SYS_ADMIN "$distro" \
                    /out/LumenNotes-${LUMEN_VERSION}-${TARGET_ARCH}.AppImage --appimage-extract-and-run --version
            done
        fi
        chown "$HOST_UID:$HOST_GID" /out/*.AppImage
    '

artifact="$OUT_DIR/LumenNotes-$VERSION-$ARCH.AppImage"
if [[ -f "$artifact" ]]; then
    (cd "$OUT_DIR" && sha256sum "$(basename "$artifact")" > "$(basename "$artifact").sha256")
    log "built $(du -h "$artifact" | cut -f1) $artifact"
else
    warn "builder finished but $artifact is missing"
    exit 1
fi
