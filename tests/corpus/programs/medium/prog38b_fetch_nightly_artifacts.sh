#!/usr/bin/env bash
# Fetch last night's release-candidate artefacts from the internal mirror,
# check them against the published SHA256SUMS and stage them in ./artifacts
# for the release manager to inspect.  The mirror uses a self-signed cert.
set -euo pipefail

MIRROR="${NIGHTLY_MIRROR:-https://artifacts.build.internal/nightly}"
PROJECT="${PROJECT:-libfrobnicate}"
STAGE_DIR="/tmp/nightly-artifacts"
DEST="${DEST:-./artifacts}"
DATE="$(date -u +%Y%m%d)"
KEEP_STAGE=0
VERBOSE=0

usage() {
    cat <<EOF
Usage: ${0##*/} [-d YYYYMMDD] [-p project] [-k] [-v]
  -d  nightly date to fetch (default: today, ${DATE})
  -p  project name on the mirror (default: ${PROJECT})
  -k  keep the staging directory afterwards
  -v  verbose curl output
EOF
}

log() { printf '[nightly] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts ":d:p:kvh" opt; do
    case "$opt" in
        d) DATE="$OPTARG" ;;
        p) PROJECT="$OPTARG" ;;
        k) KEEP_STAGE=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

CURL_OPTS=(--fail --location --retry 3 --connect-timeout 15 --insecure)
if [[ $VERBOSE -eq 1 ]]; then
    CURL_OPTS+=(--verbose)
else
    CURL_OPTS+=(--silent --show-error)
fi

fetch() {
    local url="$1" out="$2"
    log "GET ${url}"
    curl "${CURL_OPTS[@]}" -o "$out" "$url"
}

cleanup() {
    if [[ $KEEP_STAGE -eq 0 ]]; then
        rm -rf "$STAGE_DIR"
    else
        log "staging kept in $STAGE_DIR"
    fi
}
trap cleanup EXIT

rm -rf "$STAGE_DIR"
mkdir -p "$STAGE_DIR"
BASE="${MIRROR}/${PROJECT}/${DATE}"

fetch "${BASE}/SHA256SUMS" "${STAGE_DIR}/SHA256SUMS" \
    || die "no nightly for ${PROJECT} on ${DATE}"

count=0
while read -r sum name; do
    [[ -z "${name:-}" ]] && continue
    name="${name#\*}"
    case "$name" in
        */*|..*) log "skipping suspicious entry: $name"; continue ;;
    esac
    fetch "${BASE}/${name}" "${STAGE_DIR}/${name}"
    count=$((count + 1))
done < "${STAGE_DIR}/SHA256SUMS"

log "downloaded ${count} files, verifying"
(
    cd "$STAGE_DIR"
    sha256sum --check --strict SHA256SUMS
) || die "checksum mismatch"

# Unpack the source tarball so the file list can be reviewed.
for tarball in "${STAGE_DIR}"/*.tar.gz; do
    [[ -e "$tarball" ]] || continue
    unpack="${STAGE_DIR}/unpacked/$(basename "$tarball" .tar.gz)"
    mkdir -p "$unpack"
    tar -xzf "$tarball" -C "$unpack"
    find "$unpack" -type f | sed "s|^${unpack}/||" | sort > "${unpack}.filelist"
    log "$(wc -l < "${unpack}.filelist") files in $(basename "$tarball")"
done

mkdir -p "${DEST}/${DATE}"
cp "${STAGE_DIR}"/SHA256SUMS "${DEST}/${DATE}/"
find "$STAGE_DIR" -maxdepth 1 -type f \( -name '*.whl' -o -name '*.tar.gz' -o -name '*.filelist' \) \
    -exec cp {} "${DEST}/${DATE}/" \;
find "${STAGE_DIR}/unpacked" -maxdepth 1 -name '*.filelist' -exec cp {} "${DEST}/${DATE}/" \; 2>/dev/null || true

log "staged nightly ${DATE} in ${DEST}/${DATE}"
ls -l "${DEST}/${DATE}"
