#!/usr/bin/env bash
# codec_setup.sh - install the multimedia codecs our media tools need.
#
# Detects the distribution from /etc/os-release and installs ffmpeg,
# ImageMagick, Ghostscript, tesseract and the restricted/extra codec packs
# from the distribution's own repositories, system-wide via sudo.
set -euo pipefail

ASSUME_YES=""
WITH_GSTREAMER=1
LOG=codec_setup.log

msg() { printf '\033[1;34m::\033[0m %s\n' "$*" | tee -a "$LOG"; }
fail() { printf 'error: %s\n' "$*" | tee -a "$LOG" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -y|--yes) ASSUME_YES="-y" ;;
        --no-gstreamer) WITH_GSTREAMER=0 ;;
        -h|--help) echo "usage: $0 [-y] [--no-gstreamer]"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
    shift
done

[[ -r /etc/os-release ]] || fail "cannot read /etc/os-release"
# shellcheck disable=SC1091
. /etc/os-release
msg "detected ${PRETTY_NAME:-$ID}"

if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null || fail "sudo is required"
    SUDO="sudo"
    msg "asking for sudo once"
    sudo -v
else
    SUDO=""
fi

install_debian() {
    local pkgs=(ffmpeg imagemagick ghostscript tesseract-ocr tesseract-ocr-deu
                libavcodec-extra poppler-utils mediainfo)
    if [[ $WITH_GSTREAMER -eq 1 ]]; then
        pkgs+=(gstreamer1.0-plugins-good gstreamer1.0-plugins-bad
               gstreamer1.0-plugins-ugly gstreamer1.0-libav)
    fi
    if [[ "$ID" == "ubuntu" ]]; then
        # accept the msttcorefonts EULA pulled in by restricted-extras
        echo "ttf-mscorefonts-installer msttcorefonts/accepted-mscorefonts-eula select true" \
            | $SUDO debconf-set-selections
        pkgs+=(ubuntu-restricted-extras)
    fi
    $SUDO apt-get update
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install $ASSUME_YES --no-install-recommends "${pkgs[@]}"
}

install_fedora() {
    local pkgs=(ffmpeg-free ImageMagick ghostscript tesseract tesseract-langpack-deu
                poppler-utils mediainfo)
    if [[ $WITH_GSTREAMER -eq 1 ]]; then
        pkgs+=(gstreamer1-plugins-good gstreamer1-plugins-bad-free gstreamer1-plugin-openh264)
    fi
    $SUDO dnf install $ASSUME_YES "${pkgs[@]}"
}

install_arch() {
    local pkgs=(ffmpeg imagemagick ghostscript tesseract tesseract-data-deu
                poppler mediainfo)
    [[ $WITH_GSTREAMER -eq 1 ]] && pkgs+=(gst-plugins-good gst-plugins-bad gst-plugins-ugly gst-libav)
    $SUDO pacman -S --needed ${ASSUME_YES:+--noconfirm} "${pkgs[@]}"
}

case "${ID_LIKE:-$ID}" in
    *debian*|*ubuntu*|debian) install_debian ;;
    *fedora*|*rhel*|fedora) install_fedora ;;
    *arch*|arch) install_arch ;;
    *) fail "unsupported distribution: $ID" ;;
esac

msg "verifying"
for tool in ffmpeg convert gs tesseract pdftoppm; do
    if command -v "$tool" >/dev/null; then
        printf '   %-10s %s\n' "$tool" "$("$tool" --version 2>&1 | head -n1)" | tee -a "$LOG"
    else
        fail "$tool still missing after install"
    fi
done
msg "codecs installed; log in $LOG"
