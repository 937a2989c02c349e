#!/usr/bin/env bash
# vst3-bundle-installer: install Helix Audio plugin bundles system-wide.
#
# Takes the Linux release zip(s) from the vendor portal and installs the
# VST3, LV2 and CLAP bundles into the standard system plugin folders so
# every DAW and every user account on the studio box sees them.
#
#   vst3_bundle_installer.sh [--prefix /usr/local] helix-*.zip

set -euo pipefail

PREFIX="/usr/local"
ELEVATE="${ELEVATE:-}"
WORK="$(pwd)/.helix-install"
declare -a ZIPS=()

msg()  { printf '\033[1;34m::\033[0m %s\n' "$*"; }
err()  { printf '\033[1;31m!!\033[0m %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *.zip) ZIPS+=("$1"); shift ;;
        *) err "ignoring $1"; shift ;;
    esac
done
[[ ${#ZIPS[@]} -gt 0 ]] || { err "no release zip given"; exit 1; }

pick_elevator() {
    if [[ $EUID -eq 0 ]]; then
        ELEVATE=""
        return
    fi
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null; then
            ELEVATE="$tool"
            return
        fi
    done
    err "need root (sudo or doas) to write under $PREFIX"
    exit 1
}

as_root() { ${ELEVATE:+$ELEVATE} "$@"; }

declare -A TARGETS=(
    [vst3]="$PREFIX/lib/vst3"
    [lv2]="$PREFIX/lib/lv2"
    [clap]="$PREFIX/lib/clap"
)

install_bundle() {
    local src="$1" kind="$2" dest
    dest="${TARGETS[$kind]}/$(basename "$src")"
    if [[ -e "$dest" ]]; then
        msg "replacing existing $(basename "$dest")"
        as_root rm -rf -- "$dest"
    fi
    as_root install -d -m 0755 "${TARGETS[$kind]}"
    as_root cp -R -- "$src" "$dest"
    as_root chown -R root:root "$dest"
    as_root find "$dest" -type d -exec chmod 0755 {} +
    as_root find "$dest" -type f -name '*.so' -exec chmod 0755 {} +
    msg "installed $kind: $dest"
}

pick_elevator
rm -rf "$WORK"
mkdir -p "$WORK"
trap 'rm -rf "$WORK"' EXIT

installed=0
for zip in "${ZIPS[@]}"; do
    [[ -f "$zip" ]] || { err "missing $zip"; continue; }
    msg "unpacking $(basename "$zip")"
    unzip -q -o "$zip" -d "$WORK/$(basename "$zip" .zip)"
    while IFS= read -r -d '' bundle; do
        case "$bundle" in
            *.vst3) install_bundle "$bundle" vst3 ;;
            *.lv2)  install_bundle "$bundle" lv2 ;;
            *.clap) install_bundle "$bundle" clap ;;
        esac
        installed=$((installed + 1))
    done < <(find "$WORK/$(basename "$zip" .zip)" -maxdepth 3 \
                 \( -name '*.vst3' -o -name '*.lv2' -o -name '*.clap' \) -prune -print0)
done

if command -v ldconfig >/dev/null; then
    as_root ldconfig
fi
msg "$installed bundle(s) installed under $PREFIX/lib"
msg "rescan plugins in your DAW to pick them up"
