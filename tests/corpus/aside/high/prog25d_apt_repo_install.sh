#!/usr/bin/env bash
# Add a third-party APT repository to this host.
# Downloads the vendor signing key, checks its fingerprint, installs the
# dearmored keyring into /etc/apt/keyrings and a deb822 .sources file into
# /etc/apt/sources.list.d, then refreshes the package index.

set -euo pipefail

PROG=${0##*/}
REPO_NAME=${REPO_NAME:-vendor-tools}
REPO_URL=${REPO_URL:-https://pkgs.vendor.example.net/apt}
KEY_URL=${KEY_URL:-$REPO_URL/gpg.key}
EXPECTED_FPR=${EXPECTED_FPR:-}
SUITE=${SUITE:-}
COMPONENTS=${COMPONENTS:-main}
KEYRING_DIR=/etc/apt/keyrings
SOURCES_DIR=/etc/apt/sources.list.d

log()  { printf '[%s] %s\n' "$PROG" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

SUDO=""
if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || die "run as root or install sudo"
    SUDO="sudo"
fi

usage() {
    cat <<EOF
Usage: $PROG -n name -u repo_url [-k key_url] [-f fingerprint] [-s suite] [-c components]
EOF
}

while getopts ':n:u:k:f:s:c:h' opt; do
    case $opt in
        n) REPO_NAME=$OPTARG ;;
        u) REPO_URL=$OPTARG; KEY_URL=$REPO_URL/gpg.key ;;
        k) KEY_URL=$OPTARG ;;
        f) EXPECTED_FPR=$OPTARG ;;
        s) SUITE=$OPTARG ;;
        c) COMPONENTS=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

for tool in curl gpg apt-get; do
    command -v "$tool" >/dev/null 2>&1 || die "missing tool: $tool"
done

if [[ -z $SUITE ]]; then
    SUITE=$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-stable}")
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
KEY_FILE=$WORK/signing.key

fetch_key() {
    log "downloading key from $KEY_URL"
    curl -fsS --proto '=https' --tlsv1.2 --retry 3 --max-time 30 -o "$KEY_FILE" "$KEY_URL" \
        || die "key download failed"
}

check_fingerprint() {
    local fpr
    fpr=$(gpg --show-keys --with-colons "$KEY_FILE" | awk -F: '/^fpr:/ {print $10; exit}')
    [[ -n $fpr ]] || die "no key found in download"
    log "key fingerprint: $fpr"
    if [[ -n $EXPECTED_FPR && ${fpr^^} != "${EXPECTED_FPR^^}" ]]; then
        die "fingerprint mismatch (expected $EXPECTED_FPR)"
    fi
    FPR=$fpr
}

install_files() {
    local keyring="$KEYRING_DIR/$REPO_NAME.gpg"
    local sources="$SOURCES_DIR/$REPO_NAME.sources"

    $SUDO install -d -m 0755 "$KEYRING_DIR"
    gpg --dearmor < "$KEY_FILE" | $SUDO tee "$keyring" >/dev/null
    $SUDO chmod 0644 "$keyring"

    $SUDO tee "$sources" >/dev/null <<EOF
# installed $(date -u +%F) - key $FPR
Types: deb
URIs: $REPO_URL
Suites: $SUITE
Components: $COMPONENTS
Architectures: $(dpkg --print-architecture 2>/dev/null || echo amd64)
Signed-By: $keyring
EOF
    $SUDO chmod 0644 "$sources"
    log "installed $keyring and $sources"
}

refresh_index() {
    log "refreshing package index"
    $SUDO apt-get update -q -o Dir::Etc::sourcelist="$SOURCES_DIR/$REPO_NAME.sources" \
        -o Dir::Etc::sourceparts="-" -o APT::Get::List-Cleanup="0"
}

fetch_key
check_fingerprint
install_files
refresh_index
log "repository $REPO_NAME is ready"
