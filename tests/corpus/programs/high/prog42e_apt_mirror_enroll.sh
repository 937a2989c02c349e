#!/usr/bin/env bash
# Enroll this Debian/Ubuntu host in the internal apt mirror.
#
#  * installs the mirror's signing key as a dedicated keyring
#  * writes a deb822 .sources file restricted to that key
#  * pins internal packages above the public archive
#  * refreshes the package lists
#
# Usage: apt_mirror_enroll.sh [--suite jammy] [--components "main tools"] [--dry-run]
set -Eeuo pipefail

MIRROR_URL="${MIRROR_URL:-https://apt.pkg.acme-corp.internal/ubuntu}"
KEY_URL="${KEY_URL:-${MIRROR_URL%/ubuntu}/keys/acme-archive.asc}"
KEY_FPR="${KEY_FPR:-}"
NAME="acme-internal"
SUITE=""
COMPONENTS="main"
PRIORITY=700
DRY_RUN=0

while [[ $# -gt 0 ]]; do
    case "$1" in
        --suite)      SUITE="$2"; shift 2 ;;
        --components) COMPONENTS="$2"; shift 2 ;;
        --priority)   PRIORITY="$2"; shift 2 ;;
        --dry-run)    DRY_RUN=1; shift ;;
        -h|--help)    sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

log() { echo "[enroll] $*"; }
as_root() {
    if [[ $DRY_RUN -eq 1 ]]; then log "would run: $*"; return 0; fi
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}
write_root_file() {   # write_root_file PATH MODE  (content on stdin)
    local path="$1" mode="$2" tmp
    tmp="$(mktemp)"
    cat >"$tmp"
    as_root install -D -m "$mode" -o root -g root "$tmp" "$path"
    rm -f "$tmp"
}

if [[ -z "$SUITE" ]]; then
    # shellcheck disable=SC1091
    . /etc/os-release
    SUITE="${VERSION_CODENAME:?cannot detect suite}"
fi
[[ -n "$KEY_FPR" ]] || { echo "KEY_FPR must be set to the published fingerprint" >&2; exit 2; }

workdir="$(mktemp -d)"
trap 'rm -rf "$workdir"' EXIT

log "downloading archive key from $KEY_URL"
curl -fsSL --proto '=https' "$KEY_URL" -o "$workdir/key.asc"
gpg --batch --quiet --dearmor -o "$workdir/key.gpg" "$workdir/key.asc"
actual_fpr="$(gpg --batch --with-colons --show-keys "$workdir/key.gpg" | awk -F: '/^fpr/ {print $10; exit}')"
if [[ "${actual_fpr^^}" != "${KEY_FPR^^}" ]]; then
    echo "key fingerprint mismatch: $actual_fpr" >&2
    exit 3
fi

keyring="/usr/share/keyrings/${NAME}-archive-keyring.gpg"
write_root_file "$keyring" 0644 <"$workdir/key.gpg"

write_root_file "/etc/apt/sources.list.d/${NAME}.sources" 0644 <<EOF
Types: deb
URIs: ${MIRROR_URL}
Suites: ${SUITE} ${SUITE}-updates
Components: ${COMPONENTS}
Signed-By: ${keyring}
EOF

write_root_file "/etc/apt/preferences.d/${NAME}.pref" 0644 <<EOF
Package: *
Pin: origin "$(echo "$MIRROR_URL" | awk -F/ '{print $3}')"
Pin-Priority: ${PRIORITY}
EOF

log "refreshing package lists"
as_root apt-get update -o Dir::Etc::sourcelist="sources.list.d/${NAME}.sources" \
    -o Dir::Etc::sourceparts="-" -o APT::Get::List-Cleanup="0"
log "host enrolled in ${NAME} (${SUITE}: ${COMPONENTS})"
