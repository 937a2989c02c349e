#!/usr/bin/env bash
# Point APT at the nearest company mirror instead of the public archive.
# Writes a deb822 .sources file and disables the stock one.
set -euo pipefail

MIRRORS_CONF="${MIRRORS_CONF:-./mirrors.conf}"
SOURCES_DIR="/etc/apt/sources.list.d"
TARGET="$SOURCES_DIR/company-mirror.sources"
STOCK="$SOURCES_DIR/ubuntu.sources"
KEYRING="/usr/share/keyrings/ubuntu-archive-keyring.gpg"
REGION=""
APPLY=0

die() { echo "error: $*" >&2; exit 1; }
info() { echo "==> $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --region) REGION="$2"; shift ;;
        --apply) APPLY=1 ;;
        *) die "unknown argument $1" ;;
    esac
    shift
done

[[ -r /etc/os-release ]] || die "cannot detect distribution"
# shellcheck disable=SC1091
. /etc/os-release
CODENAME="${VERSION_CODENAME:-}"
[[ -n "$CODENAME" ]] || die "no VERSION_CODENAME in /etc/os-release"

pick_mirror() {
    local region="$1" line r url
    while read -r line; do
        [[ -z "$line" || "$line" == \#* ]] && continue
        r="${line%% *}"; url="${line#* }"
        if [[ -z "$region" || "$r" == "$region" ]]; then
            echo "$url"; return 0
        fi
    done < "$MIRRORS_CONF"
    return 1
}

MIRROR="$(pick_mirror "$REGION")" || die "no mirror for region '${REGION:-any}'"
info "using $MIRROR for $CODENAME"

render() {
    cat <<SRC
Types: deb
URIs: ${MIRROR}
Suites: ${CODENAME} ${CODENAME}-updates ${CODENAME}-backports
Components: main restricted universe multiverse
Signed-By: ${KEYRING}

Types: deb
URIs: ${MIRROR}
Suites: ${CODENAME}-security
Components: main restricted universe multiverse
Signed-By: ${KEYRING}
SRC
}

if [[ $APPLY -eq 0 ]]; then
    render
    info "dry run; pass --apply to install"
    exit 0
fi

render | sudo tee "$TARGET" > /dev/null
sudo chmod 0644 "$TARGET"
if [[ -f "$STOCK" ]]; then
    sudo mv "$STOCK" "$STOCK.disabled"
    info "stock sources moved to $STOCK.disabled"
fi
sudo apt-get update -q
info "done"
