#!/usr/bin/env bash
# Fetch and install the team's Yocto SDK (cross toolchain + target sysroot)
# for one MACHINE, so application developers can build against the BSP
# without running a full Poky build themselves.
#
#   ./toolchain_bootstrap.sh -m imx8mp-evk -r 4.0.12 [-i core-image-weston] [-p ~/sdk]
#
# The SDK mirror is populated nightly by the release pipeline
# (bitbake <image> -c populate_sdk).
set -euo pipefail

SDK_MIRROR="${SDK_MIRROR:-https://sdk-mirror.lab.example.net/yocto}"
STAGE_DIR="/tmp/yocto-sdk-stage"
PREFIX="${HOME}/sdk"
MACHINE=""
RELEASE=""
DISTRO="${DISTRO:-poky}"
IMAGE="${IMAGE:-core-image-weston}"
HOST_ARCH="$(uname -m)"
RETRIES=4
LOG="./toolchain_bootstrap.log"

log() { printf '%s [sdk] %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$LOG" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts "m:r:i:p:h" opt; do
    case "$opt" in
        m) MACHINE="$OPTARG" ;;
        r) RELEASE="$OPTARG" ;;
        i) IMAGE="$OPTARG" ;;
        p) PREFIX="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[ -n "$MACHINE" ] || die "MACHINE is required (-m)"
[ -n "$RELEASE" ] || die "release is required (-r)"
command -v curl >/dev/null || die "curl not found"
command -v sha256sum >/dev/null || die "sha256sum not found"

installer_name() {
    # poky-glibc-x86_64-core-image-weston-armv8a-imx8mp-evk-toolchain-4.0.12.sh
    local tune
    case "$MACHINE" in
        imx8m*|rpi4*|qemuarm64) tune="armv8a" ;;
        imx6*|stm32mp1*|am335x*) tune="cortexa7t2hf-neon" ;;
        *) tune="${SDK_TUNE:-armv8a}" ;;
    esac
    echo "${DISTRO}-glibc-${HOST_ARCH}-${IMAGE}-${tune}-${MACHINE}-toolchain-${RELEASE}.sh"
}

fetch() {
    local url="$1" out="$2" n=1
    while :; do
        # lab mirror is served with the internal CA, which most laptops lack
        if curl -fSLk --connect-timeout 20 --retry 2 -o "$out.part" "$url"; then
            mv -f "$out.part" "$out"
            return 0
        fi
        if [ "$n" -ge "$RETRIES" ]; then
            return 1
        fi
        log "download failed ($n/$RETRIES), retrying in $((n * 10))s"
        sleep $((n * 10))
        n=$((n + 1))
    done
}

verify() {
    local file="$1" sumfile="$2" expected actual
    expected="$(awk '{print $1}' "$sumfile")"
    actual="$(sha256sum "$file" | awk '{print $1}')"
    [ "$expected" = "$actual" ] || die "checksum mismatch for $(basename "$file")"
    log "checksum ok: ${actual:0:16}..."
}

install_sdk() {
    local installer="$1" dest="$2"
    chmod +x "$installer"
    log "installing SDK into $dest"
    "$installer" -y -d "$dest" >>"$LOG" 2>&1 || die "SDK installer failed, see $LOG"
}

main() {
    local name url dest
    name="$(installer_name)"
    url="${SDK_MIRROR}/${RELEASE}/${MACHINE}/${name}"
    dest="${PREFIX}/${MACHINE}/${RELEASE}"

    mkdir -p "$STAGE_DIR"
    log "fetching $name"
    fetch "$url" "$STAGE_DIR/$name" || die "could not download $url"
    fetch "$url.sha256sum" "$STAGE_DIR/$name.sha256sum" || die "no checksum published for $name"
    verify "$STAGE_DIR/$name" "$STAGE_DIR/$name.sha256sum"

    if [ -d "$dest" ] && [ -n "$(ls -A "$dest" 2>/dev/null)" ]; then
        log "$dest already populated, reinstalling over it"
    fi
    mkdir -p "$dest"
    install_sdk "$STAGE_DIR/$name" "$dest"

    local envfile
    envfile="$(ls "$dest"/environment-setup-* 2>/dev/null | head -n1 || true)"
    [ -n "$envfile" ] || die "installer finished but no environment-setup file in $dest"
    ln -sfn "$envfile" "./sdk-env-${MACHINE}"
    log "done. Use:  source ./sdk-env-${MACHINE}"
}

main "$@"
