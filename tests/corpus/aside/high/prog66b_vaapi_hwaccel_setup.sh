#!/usr/bin/env bash
# vaapi_hwaccel_setup.sh - get Intel/AMD VA-API working for ffmpeg hardware
# transcodes on a fresh encoder box.
#
#  * installs the VA drivers and vainfo
#  * loads the GPU kernel module if it is not bound yet
#  * adds the invoking user to the video/render groups
#  * drops a udev rule so /dev/dri/renderD* is group-writable for 'render'
#
# usage: vaapi_hwaccel_setup.sh [--driver iHD|i965|radeonsi] [--user NAME] [--skip-packages]

set -euo pipefail

DRIVER=""
TARGET_USER="${SUDO_USER:-$USER}"
SKIP_PKGS=0
UDEV_RULE=/etc/udev/rules.d/70-render-nodes.rules
PRIV=""

info() { echo -e "\033[1;34m[hwaccel]\033[0m $*"; }
fail() { echo -e "\033[1;31m[hwaccel]\033[0m $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --driver) DRIVER="$2"; shift 2 ;;
        --user) TARGET_USER="$2"; shift 2 ;;
        --skip-packages) SKIP_PKGS=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) fail "unknown argument: $1" ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null || fail "need root or sudo"
    PRIV="sudo"
fi

detect_gpu() {
    local vendor
    vendor=$(lspci -nn | grep -Ei 'vga|display|3d' | head -n1 || true)
    case "$vendor" in
        *8086*) echo intel ;;
        *1002*) echo amd ;;
        *) echo unknown ;;
    esac
}

install_packages() {
    local gpu="$1" pkgs=(vainfo ffmpeg)
    case "$gpu" in
        intel) pkgs+=(intel-media-va-driver-non-free i965-va-driver) ;;
        amd)   pkgs+=(mesa-va-drivers) ;;
    esac
    info "installing: ${pkgs[*]}"
    $PRIV apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $PRIV apt-get install -y -qq "${pkgs[@]}"
}

load_module() {
    local gpu="$1" mod
    case "$gpu" in
        intel) mod=i915 ;;
        amd)   mod=amdgpu ;;
        *) return 0 ;;
    esac
    if ! lsmod | grep -q "^$mod "; then
        info "loading $mod"
        $PRIV modprobe "$mod"
    fi
}

configure_groups() {
    local g
    for g in video render; do
        getent group "$g" >/dev/null || continue
        if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$g"; then
            info "adding $TARGET_USER to $g"
            $PRIV usermod -aG "$g" "$TARGET_USER"
        fi
    done
}

write_udev_rule() {
    local rule='SUBSYSTEM=="drm", KERNEL=="renderD*", GROUP="render", MODE="0660"'
    if [[ -f "$UDEV_RULE" ]] && grep -qF "$rule" "$UDEV_RULE"; then
        info "udev rule already present"
        return
    fi
    printf '%s\n' "# render nodes for VA-API transcodes" "$rule" | $PRIV tee "$UDEV_RULE" >/dev/null
    $PRIV udevadm control --reload-rules
    $PRIV udevadm trigger --subsystem-match=drm
}

verify() {
    local node
    node=$(ls /dev/dri/renderD* 2>/dev/null | head -n1 || true)
    [[ -n "$node" ]] || fail "no render node under /dev/dri"
    if [[ -n "$DRIVER" ]]; then export LIBVA_DRIVER_NAME="$DRIVER"; fi
    vainfo --display drm --device "$node" 2>&1 | grep -E 'Driver version|VAProfileH264|VAProfileHEVC' || true
    info "test encode on $node"
    ffmpeg -hide_banner -loglevel warning -vaapi_device "$node" \
        -f lavfi -i testsrc2=size=1280x720:rate=30 -t 2 \
        -vf 'format=nv12,hwupload' -c:v h264_vaapi -f null - && info "VA-API encode OK"
}

GPU=$(detect_gpu)
info "detected GPU vendor: $GPU"
[[ "$SKIP_PKGS" -eq 1 ]] || install_packages "$GPU"
load_module "$GPU"
configure_groups
write_udev_rule
verify
info "log out and back in for group changes to apply to $TARGET_USER"
