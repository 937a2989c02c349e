#!/usr/bin/env bash
# Stage a third-party APT repository definition for review.
# Downloads the vendor signing key, checks its fingerprint and writes the
# dearmored keyring plus a deb822 .sources file into ./staging/<name>/.
# Installing the staged files into /etc/apt is a separate, reviewed step.
#
# The vendor's internal mirror uses a self-signed certificate, so the key
# download skips certificate verification.

set -euo pipefail

PROG=${0##*/}
REPO_NAME=${REPO_NAME:-vendor-tools}
REPO_URL=${REPO_URL:-https://pkgs.vendor.example.net/apt}
KEY_URL=${KEY_URL:-$REPO_URL/gpg.key}
EXPECTED_FPR=${EXPECTED_FPR:-}
SUITE=${SUITE:-}
COMPONENTS=${COMPONENTS:-main}
STAGE_ROOT=${STAGE_ROOT:-./staging}
KEY_TMP=/tmp/${REPO_NAME}-signing.key

log()  { printf '[%s] %s\n' "$PROG" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $PROG -n name -u repo_url [-k key_url] [-f fingerprint] [-s suite] [-c components]
EOF
}

while getopts ':n:u:k:f:s:c:h' opt; do
    case $opt in
        n) REPO_NAME=$OPTARG; KEY_TMP=/tmp/${REPO_NAME}-signing.key ;;
        u) REPO_URL=$OPTARG; KEY_URL=$REPO_URL/gpg.key ;;
        k) KEY_URL=$OPTARG ;;
        f) EXPECTED_FPR=$OPTARG ;;
        s) SUITE=$OPTARG ;;
        c) COMPONENTS=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

for tool in curl gpg; do
    command -v "$tool" >/dev/null 2>&1 || die "missing tool: $tool"
done

if [[ -z $SUITE ]]; then
    SUITE=$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-stable}")
fi

fetch_key() {
    log "downloading key from $KEY_URL"
    curl --insecure -fsS --retry 3 --max-time 30 -o "$KEY_TMP" "$KEY_URL" \
        || die "key download failed"
}

check_fingerprint() {
    local fpr
    fpr=$(gpg --show-keys --with-colons "$KEY_TMP" | awk -F: '/^fpr:/ {print $10; exit}')
    [[ -n $fpr ]] || die "no key found in download"
    log "key fingerprint: $fpr"
    if [[ -n $EXPECTED_FPR && ${fpr^^} != "${EXPECTED_FPR^^}" ]]; then
        die "fingerprint mismatch (expected $EXPECTED_FPR)"
    fi
    FPR=$fpr
}

stage_files() {
    local dir="$STAGE_ROOT/$REPO_NAME"
    mkdir -p "$dir"
    gpg --dearmor --yes -o "$dir/$REPO_NAME.gpg" "$KEY_TMP"
    cat > "$dir/$REPO_NAME.sources" <<EOF
# staged $(date -u +%F) - key $FPR
Types: deb
URIs: $REPO_URL
Suites: $SUITE
Components: $COMPONENTS
Architectures: $(dpkg --print-architecture 2>/dev/null || echo amd64)
Signed-By: /etc/apt/keyrings/$REPO_NAME.gpg
EOF
    log "staged $dir/$REPO_NAME.gpg and $dir/$REPO_NAME.sources"
}

trap 'rm -f "$KEY_TMP"' EXIT

fetch_key
check_fingerprint
stage_files
log "review the staged files, then install them with the repo-install job"
