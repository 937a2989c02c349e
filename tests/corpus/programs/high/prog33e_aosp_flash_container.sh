#!/usr/bin/env bash
# Build an AOSP/vendor image inside the team's build container and flash it
# to the attached device with fastboot from the same container.
#
# The container needs raw USB access for fastboot, so it is started
# privileged with the host's USB bus and udev database mounted.  The docker
# socket is passed through so the build can spawn its sidecar ccache
# container.
set -Eeuo pipefail

IMAGE="${BUILD_IMAGE:-registry.example-mobile.dev/aosp-builder:14-r3}"
SRC_DIR="${SRC_DIR:-$PWD}"
CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/aosp-ccache}"
LUNCH_TARGET="${LUNCH_TARGET:-aosp_oriole-userdebug}"
JOBS="${JOBS:-$(nproc)}"
DO_BUILD=1
DO_FLASH=1
SERIAL=""

log() { echo "[$(date +%H:%M:%S)] $*"; }
trap 'log "failed at line $LINENO"' ERR

usage() {
    cat <<EOF
usage: $0 [--no-build] [--no-flash] [--serial SERIAL] [--target LUNCH]
EOF
}

while (( $# )); do
    case "$1" in
        --no-build) DO_BUILD=0 ;;
        --no-flash) DO_FLASH=0 ;;
        --serial) SERIAL="$2"; shift ;;
        --target) LUNCH_TARGET="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done

[[ -f "$SRC_DIR/build/envsetup.sh" ]] || { log "$SRC_DIR is not an AOSP tree"; exit 1; }
mkdir -p "$CCACHE_DIR"

run_in_builder() {
    docker run --rm -i \
        --privileged \
        --name "aosp-build-$$" \
        -v /dev/bus/usb:/dev/bus/usb \
        -v /run/udev:/run/udev:ro \
        -v /var/run/docker.sock:/var/run/docker.sock \
        -v "$SRC_DIR":/src \
        -v "$CCACHE_DIR":/ccache \
        -e CCACHE_DIR=/ccache \
        -e USE_CCACHE=1 \
        -e LUNCH_TARGET="$LUNCH_TARGET" \
        -e ANDROID_SERIAL="$SERIAL" \
        -w /src \
        "$IMAGE" bash -s
}

if (( DO_BUILD )); then
    log "building $LUNCH_TARGET with $JOBS jobs"
    run_in_builder <<EOF
set -e
source build/envsetup.sh
lunch "\$LUNCH_TARGET"
m -j$JOBS
EOF
    log "build finished"
fi

if (( DO_FLASH )); then
    product="${LUNCH_TARGET%%-*}"
    product="${product#aosp_}"
    log "flashing $product (serial: ${SERIAL:-any})"
    run_in_builder <<EOF
set -e
export ANDROID_PRODUCT_OUT=/src/out/target/product/$product
adb reboot bootloader 2>/dev/null || true
for i in \$(seq 1 30); do
    fastboot devices | grep -q fastboot && break
    sleep 1
done
fastboot flashall
fastboot reboot
EOF
    log "device flashed"
fi
